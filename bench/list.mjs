// `npm run bench`: the benchmarks and the command of each, read from bench/README.md (each one needs a quiet
// machine and minutes to run, so none runs by default: pick one and run its command).
import { readFileSync } from 'node:fs';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
let heading = '';
const benches = [];
for (const line of readme.split('\n')) {
  if (line.startsWith('## ')) heading = line.slice(3).trim();
  const command = /^Command: `([^`]+)`/.exec(line);
  if (command && heading) {
    benches.push({ heading, command: command[1] });
    heading = '';
  }
}

console.log('Benchmarks (figures and settings in bench/README.md). Run one with its command:\n');
for (const { heading: name, command } of benches) console.log(`${name}\n  ${command}\n`);
