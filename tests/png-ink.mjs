// png-ink.mjs: is a screenshot blank? Reads an 8-bit PNG (grey, RGB, grey+alpha or RGBA; the kind
// headless Chromium writes), undoes its row filters, and counts the pixels that differ from the
// background (the colour of the top-left pixel) and the distinct colours among them.
//   node tests/png-ink.mjs FILE.png [MIN_INK_PERMILLE]
// Prints "FILE: WxH, N of M pixels inked (P per mille), C colours"; exit 1 when fewer than
// MIN_INK_PERMILLE (default 5) per mille are inked or fewer than 4 colours appear (a blank or
// one-colour page), 2 when the file is not such a PNG.
import fs from 'node:fs';
import zlib from 'node:zlib';

const [file, minArg] = process.argv.slice(2);
const fail = (msg) => { console.error(`png-ink: ${file}: ${msg}`); process.exit(2); };
if (!file) { console.error('usage: node tests/png-ink.mjs FILE.png [MIN_INK_PERMILLE]'); process.exit(2); }
let buf;
try { buf = fs.readFileSync(file); } catch (e) { fail(e.message); }
if (buf.length < 8 || buf.readUInt32BE(0) !== 0x89504e47) fail('not a PNG');
let off = 8, w = 0, h = 0, depth = 0, type = 0, interlace = 0;
const idat = [];
while (off + 8 <= buf.length) {
  const len = buf.readUInt32BE(off), kind = buf.toString('latin1', off + 4, off + 8), data = buf.subarray(off + 8, off + 8 + len);
  if (kind === 'IHDR') { w = data.readUInt32BE(0); h = data.readUInt32BE(4); depth = data[8]; type = data[9]; interlace = data[12]; }
  else if (kind === 'IDAT') idat.push(data);
  else if (kind === 'IEND') break;
  off += 12 + len;
}
const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[type];
if (!w || !h || depth !== 8 || !channels || interlace) fail(`unsupported PNG (depth ${depth}, colour type ${type}, interlace ${interlace})`);
let raw;
try { raw = zlib.inflateSync(Buffer.concat(idat)); } catch (e) { fail(`bad image data: ${e.message}`); }
const stride = w * channels;
if (raw.length < h * (stride + 1)) fail('image data too short');
const px = Buffer.alloc(h * stride);
for (let y = 0; y < h; y++) {
  const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
  const row = px.subarray(y * stride, (y + 1) * stride), up = y ? px.subarray((y - 1) * stride, y * stride) : null;
  for (let i = 0; i < stride; i++) {
    const a = i >= channels ? row[i - channels] : 0, b = up ? up[i] : 0, c = up && i >= channels ? up[i - channels] : 0;
    let p;
    if (f === 0) p = 0;
    else if (f === 1) p = a;
    else if (f === 2) p = b;
    else if (f === 3) p = (a + b) >> 1;
    else if (f === 4) { const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c); p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
    else fail(`bad filter ${f} on row ${y}`);
    row[i] = (src[i] + p) & 255;
  }
}
const bg = px.subarray(0, channels).toString('hex');
let ink = 0;
const colours = new Set();
for (let i = 0; i < px.length; i += channels) {
  const c = px.subarray(i, i + channels).toString('hex');
  if (c !== bg) { ink++; if (colours.size < 1000) colours.add(c); }
}
const permille = (1000 * ink) / (w * h), min = minArg ? Number(minArg) : 5;
console.log(`${file}: ${w}x${h}, ${ink} of ${w * h} pixels inked (${permille.toFixed(1)} per mille), ${colours.size + 1} colours`);
process.exit(permille < min || colours.size + 1 < 4 ? 1 : 0);
