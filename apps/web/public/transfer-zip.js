/* global self */
/**
 * A streaming zip writer for the file transfer's "Download all" (docs/notes/file-transfer.md,
 * Download). Loaded by transfer-sw.js with importScripts; defines self.transferZip.
 *
 * Entries are stored (no compression: most sent files are packed already), so the length of
 * the whole zip is known before the first byte and the download can announce it. Each
 * entry's CRC is only known after its bytes went out, so every local header says "sizes and
 * CRC follow the data" (flag bit 3) and a data descriptor carries them. An entry of
 * 0xFFFFFFFF bytes or more, or one starting that far into the zip, uses the zip64 fields,
 * and so does the end of the central directory when it starts or ends that far; smaller
 * zips stay plain zip for the oldest unpackers. `zip64From` lowers that bound for tests.
 *
 * The stream is pulled: an entry's source is opened when the unpacker reaches it and read
 * one chunk per pull, so memory holds one chunk whatever the sizes.
 */
(() => {
  const LIMIT = 0xffffffff;
  const VERSION = 20;
  const VERSION_ZIP64 = 45;
  /** bit 3: CRC and sizes in a data descriptor; bit 11: the name is UTF-8 */
  const FLAGS = 0x0808;
  const encoder = new TextEncoder();

  const CRC_TABLE = new Uint32Array(256).map((_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });

  /** Continues a CRC-32 over `bytes`; start with 0. */
  function crc32(crc, bytes) {
    let c = ~crc >>> 0;
    for (let i = 0; i < bytes.length; i += 1) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return ~c >>> 0;
  }

  /** A name safe to unpack: no folders, no parent references, unique within the zip. */
  function safeNames(names) {
    const used = new Set();
    return names.map((raw) => {
      // eslint-disable-next-line no-control-regex
      let base = String(raw).replace(/[\\/\x00-\x1f]/g, '_');
      if (base === '' || base === '.' || base === '..') base = '_';
      let name = base;
      for (let n = 2; used.has(name); n += 1) name = `${n}-${base}`;
      used.add(name);
      return name;
    });
  }

  /** Where every record goes, from the names and plaintext sizes alone. */
  function plan(entries, zip64From = LIMIT) {
    const names = safeNames(entries.map((entry) => entry.name));
    let offset = 0;
    const laid = entries.map((entry, index) => {
      const name = encoder.encode(names[index]);
      const big = entry.size >= zip64From;
      const far = offset >= zip64From;
      const item = { entry, name, big, far, offset };
      offset += 30 + name.length + (big ? 20 : 0) + entry.size + (big ? 24 : 16);
      return item;
    });
    const directoryOffset = offset;
    for (const item of laid) {
      const fields = (item.big ? 2 : 0) + (item.far ? 1 : 0);
      item.extra = fields ? 4 + 8 * fields : 0;
      offset += 46 + item.name.length + item.extra;
    }
    const directorySize = offset - directoryOffset;
    const zip64End =
      directoryOffset >= zip64From || directorySize >= zip64From || laid.length >= 0xffff;
    if (zip64End) offset += 56 + 20;
    offset += 22;
    return { laid, directoryOffset, directorySize, zip64End, size: offset };
  }

  function writer(length) {
    const bytes = new Uint8Array(length);
    const view = new DataView(bytes.buffer);
    let at = 0;
    return {
      bytes,
      u16(value) {
        view.setUint16(at, value, true);
        at += 2;
      },
      u32(value) {
        view.setUint32(at, value, true);
        at += 4;
      },
      u64(value) {
        view.setBigUint64(at, BigInt(value), true);
        at += 8;
      },
      raw(part) {
        bytes.set(part, at);
        at += part.length;
      },
    };
  }

  /** MS-DOS time and date, local time, as unpackers show them. */
  function dosTime(date) {
    const year = Math.max(1980, date.getFullYear());
    return {
      time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
      date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    };
  }

  function localHeader(item, stamp) {
    const w = writer(30 + item.name.length + (item.big ? 20 : 0));
    w.u32(0x04034b50);
    w.u16(item.big ? VERSION_ZIP64 : VERSION);
    w.u16(FLAGS);
    w.u16(0); // stored
    w.u16(stamp.time);
    w.u16(stamp.date);
    w.u32(0); // CRC: in the descriptor
    w.u32(item.big ? LIMIT : 0);
    w.u32(item.big ? LIMIT : 0);
    w.u16(item.name.length);
    w.u16(item.big ? 20 : 0);
    w.raw(item.name);
    if (item.big) {
      // zip64 extra: both sizes, zero here (bit 3), so the descriptor's sizes are 8 bytes
      w.u16(0x0001);
      w.u16(16);
      w.u64(0);
      w.u64(0);
    }
    return w.bytes;
  }

  function descriptor(item, crc) {
    const w = writer(item.big ? 24 : 16);
    w.u32(0x08074b50);
    w.u32(crc);
    if (item.big) {
      w.u64(item.entry.size);
      w.u64(item.entry.size);
    } else {
      w.u32(item.entry.size);
      w.u32(item.entry.size);
    }
    return w.bytes;
  }

  function centralHeader(item, crc, stamp) {
    const zip64 = item.big || item.far;
    const w = writer(46 + item.name.length + item.extra);
    w.u32(0x02014b50);
    // made by a Unix zip 4.5: unpackers then take the name as UTF-8 (flag bit 11) instead of
    // converting it from a DOS code page, and the mode below as the file's permissions
    w.u16((3 << 8) | VERSION_ZIP64);
    w.u16(zip64 ? VERSION_ZIP64 : VERSION);
    w.u16(FLAGS);
    w.u16(0);
    w.u16(stamp.time);
    w.u16(stamp.date);
    w.u32(crc);
    w.u32(item.big ? LIMIT : item.entry.size);
    w.u32(item.big ? LIMIT : item.entry.size);
    w.u16(item.name.length);
    w.u16(item.extra);
    w.u16(0); // comment
    w.u16(0); // disk
    w.u16(0); // internal attributes
    w.u32((0o100644 << 16) >>> 0); // a regular file, rw-r--r--
    w.u32(item.far ? LIMIT : item.offset);
    w.raw(item.name);
    if (item.extra) {
      // only the fields marked 0xFFFFFFFF above, in this order
      w.u16(0x0001);
      w.u16(item.extra - 4);
      if (item.big) {
        w.u64(item.entry.size);
        w.u64(item.entry.size);
      }
      if (item.far) w.u64(item.offset);
    }
    return w.bytes;
  }

  function end(layout) {
    const { laid, directoryOffset, directorySize, zip64End } = layout;
    const w = writer((zip64End ? 76 : 0) + 22);
    if (zip64End) {
      w.u32(0x06064b50);
      w.u64(44); // the rest of this record
      w.u16(VERSION_ZIP64);
      w.u16(VERSION_ZIP64);
      w.u32(0);
      w.u32(0);
      w.u64(laid.length);
      w.u64(laid.length);
      w.u64(directorySize);
      w.u64(directoryOffset);
      w.u32(0x07064b50); // locator
      w.u32(0);
      w.u64(directoryOffset + directorySize);
      w.u32(1);
    }
    w.u32(0x06054b50);
    w.u16(0);
    w.u16(0);
    w.u16(zip64End ? 0xffff : laid.length);
    w.u16(zip64End ? 0xffff : laid.length);
    w.u32(zip64End ? LIMIT : directorySize);
    w.u32(zip64End ? LIMIT : directoryOffset);
    w.u16(0);
    return w.bytes;
  }

  async function* records(layout, stamp) {
    const crcs = [];
    for (const item of layout.laid) {
      yield localHeader(item, stamp);
      const reader = (await item.entry.open()).getReader();
      let crc = 0;
      let length = 0;
      let finished = false;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          crc = crc32(crc, value);
          length += value.length;
          yield value;
        }
        finished = true;
      } finally {
        // the download was cancelled: stop fetching the source too
        if (!finished) await reader.cancel().catch(() => undefined);
      }
      // the announced length and the descriptor rely on it
      if (length !== item.entry.size) throw new Error('an entry changed size');
      crcs.push(crc);
      yield descriptor(item, crc);
    }
    for (const [index, item] of layout.laid.entries()) {
      yield centralHeader(item, crcs[index], stamp);
    }
    yield end(layout);
  }

  /**
   * A zip of `entries` ({ name, size, open() → ReadableStream of exactly size bytes }), and
   * its length. Options: `date` of the entries, `zip64From` (tests only).
   */
  function zipStream(entries, options = {}) {
    const layout = plan(entries, options.zip64From);
    const iterator = records(layout, dosTime(options.date ?? new Date()));
    const stream = new ReadableStream(
      {
        async pull(controller) {
          const { done, value } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        async cancel() {
          await iterator.return(undefined);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, size: layout.size };
  }

  self.transferZip = { zipStream, crc32, safeNames };
})();
