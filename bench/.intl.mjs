import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let r = 0; r < 2; r++) {
const p = await b.newPage();
console.log(await p.evaluate(() => {
  const t = (f) => { const s = performance.now(); f(); return (performance.now() - s).toFixed(1); };
  return [
    'plain en-CA ' + t(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric' })),
    'tz en-CA ' + t(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' })),
    'tz en-PH date ' + t(() => new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' })),
    'tz en-PH time ' + t(() => new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Manila' })),
    'format ' + t(() => new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Manila' }).format(Date.now())),
    'toLocaleString ' + t(() => (1234567).toLocaleString('en-US')),
  ].join(' | ');
}));
await p.close();
}
await b.close();
