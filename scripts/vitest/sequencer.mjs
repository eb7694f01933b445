// Longest files first, so that the two workers end together instead of one of them running a
// long file alone at the end (docs/TESTING.md, "Order of the files"). Vitest's own order needs
// its cache of an earlier run, which a clean clone (CI) does not have; it then runs the largest
// files first, and file size says little about time (the fuzzer is a short file that runs for a
// minute). Files of a project stay together: a worker keeps a project's imported modules only
// while it runs that project's files.
import { statSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';
import { fileKey, readDurations } from './durations.mjs';

const durations = readDurations();
// A file the measurement does not know yet: guessed from its size, at the median pace.
const secondsPerKilobyte = 0.12;

function expectedSeconds(spec) {
  const known = durations[fileKey(spec.project.name, spec.moduleId)];
  if (known !== undefined) return known;
  try {
    return (statSync(spec.moduleId).size / 1024) * secondsPerKilobyte;
  } catch {
    return 0;
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files) {
    const projectSeconds = new Map();
    const fileSeconds = new Map();
    for (const spec of files) {
      const seconds = expectedSeconds(spec);
      fileSeconds.set(spec, seconds);
      projectSeconds.set(spec.project.name, (projectSeconds.get(spec.project.name) ?? 0) + seconds);
    }
    // A project whose longest file is long goes first; the projects of many short files
    // (web, domain) fill the end, where short files even out the two workers.
    const longest = new Map();
    for (const [spec, seconds] of fileSeconds) {
      longest.set(spec.project.name, Math.max(longest.get(spec.project.name) ?? 0, seconds));
    }
    return [...files].sort((a, b) => {
      const groups = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groups !== 0) return groups;
      if (a.project.name !== b.project.name) {
        const byLongest = longest.get(b.project.name) - longest.get(a.project.name);
        return byLongest !== 0 ? byLongest : a.project.name < b.project.name ? -1 : 1;
      }
      return fileSeconds.get(b) - fileSeconds.get(a);
    });
  }
}
