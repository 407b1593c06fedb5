// Usage: node heap-diff.mjs before.heapsnapshot after.heapsnapshot sockets
import fs from "node:fs";

function agg(file) {
  const s = JSON.parse(fs.readFileSync(file, "utf8"));
  const f = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const n = f.length,
    ti = f.indexOf("type"),
    ni = f.indexOf("name"),
    si = f.indexOf("self_size");
  const out = new Map();
  let total = 0;
  for (let i = 0; i < s.nodes.length; i += n) {
    const type = types[s.nodes[i + ti]];
    let name = type === "object" || type === "closure" || type === "native" ? s.strings[s.nodes[i + ni]] : `(${type})`;
    if (type === "closure") name = `closure ${name}`;
    const size = s.nodes[i + si];
    total += size;
    const e = out.get(name) ?? { count: 0, size: 0 };
    e.count++;
    e.size += size;
    out.set(name, e);
  }
  return { out, total };
}
const [a, b, k] = process.argv.slice(2);
const N = Number(k);
const A = agg(a),
  B = agg(b);
console.log(
  `total self size: ${(A.total / 1048576).toFixed(1)} -> ${(B.total / 1048576).toFixed(1)} MiB; per socket ${((B.total - A.total) / N).toFixed(0)} B`,
);
const rows = [];
for (const [name, e] of B.out) {
  const p = A.out.get(name) ?? { count: 0, size: 0 };
  rows.push({ name, dc: (e.count - p.count) / N, ds: (e.size - p.size) / N });
}
rows.sort((x, y) => y.ds - x.ds);
for (const r of rows.slice(0, 40))
  console.log(`${r.ds.toFixed(0).padStart(7)} B ${r.dc.toFixed(2).padStart(6)}/socket  ${r.name.slice(0, 90)}`);
