import { useEffect, useState } from 'react';

/** Loudness (0–255 average of the spectrum) above which someone counts as speaking. */
const SPEAKING_LEVEL = 12;
const SAMPLE_MS = 200;

/**
 * Whether the audio of `stream` is loud enough to count as speech, sampled a few times a
 * second (the speaking mark on a tile). Off without audio or where Web Audio is missing.
 */
export function useSpeaking(stream: MediaStream | null, audioOn: boolean): boolean {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    const Context = typeof window !== 'undefined' ? window.AudioContext : undefined;
    if (!stream || !track || !audioOn || !Context) {
      setSpeaking(false);
      return;
    }
    const context = new Context();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    source.connect(analyser);
    const bins = new Uint8Array(analyser.frequencyBinCount);
    const timer = setInterval(() => {
      analyser.getByteFrequencyData(bins);
      const level = bins.reduce((sum, value) => sum + value, 0) / bins.length;
      setSpeaking(level > SPEAKING_LEVEL);
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
    };
  }, [stream, audioOn]);
  return speaking;
}
