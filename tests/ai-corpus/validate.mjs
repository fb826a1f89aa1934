// Mechanical checks for the AI reply corpus format (the format: tests/ai-corpus/README.md).
// Usage: node tests/ai-corpus/validate.mjs <file.json> [<file.json> ...]
import { readFileSync } from "node:fs";

const KINDS = new Set(["increment", "total", "number-words", "negative", "units", "multi-goal",
  "same-unit", "emoji", "typos", "no-goal", "ambiguous", "task-done", "percent"]);
const TYPES = new Set(["progress", "habit", "incremental", "task"]);
const MOTIVATION = new Set(["high", "medium", "low"]);
const ENGAGEMENT = new Set(["great", "okay", "bad"]);
const LANGUAGES = new Set(["es", "pt", "de", "fr"]);

const files = process.argv.slice(2);
if (files.length === 0) { console.error("usage: node validate.mjs <file.json> ..."); process.exit(2); }

const errors = [];
const seenIds = new Map();
const isNum = (v) => typeof v === "number" && Number.isFinite(v);

for (const file of files) {
  const heldBack = /(^|[-_.])(hb|held)/i.test(file.split("/").pop()); // held-back file: ids need the hb- prefix
  let data;
  try { data = JSON.parse(readFileSync(file, "utf8")); }
  catch (e) { errors.push(`${file}: not valid JSON: ${e.message}`); continue; }
  if (!data || typeof data !== "object" || !Array.isArray(data.cases)) { errors.push(`${file}: top level must be { "cases": [...] }`); continue; }
  const counts = {};
  data.cases.forEach((c, i) => {
    const where = `${file} #${i} (${c && c.id})`;
    const err = (m) => errors.push(`${where}: ${m}`);
    if (!c || typeof c !== "object") return err("case is not an object");
    // id
    if (typeof c.id !== "string") err("id missing");
    else {
      if (seenIds.has(c.id)) err(`duplicate id (also in ${seenIds.get(c.id)})`);
      seenIds.set(c.id, file);
      // The per-language parts (issue 17) prefix the language: es-total-01, es-hb-total-01.
      const lang = typeof c.language === "string" ? `${c.language}-` : "";
      if (lang && !LANGUAGES.has(c.language)) err(`language "${c.language}" not one of ${[...LANGUAGES].join(", ")}`);
      if (lang && !c.id.startsWith(lang)) err(`id must start with its language "${lang}"`);
      const m = /^(hb\d*-)?([a-z-]+)-(\d{2,})$/.exec(lang && c.id.startsWith(lang) ? c.id.slice(lang.length) : c.id);
      if (!m) err("id must look like <kind>-<nn> (optionally hb-, hb2-… before it)");
      else {
        if (m[2] !== c.kind) err(`id kind part "${m[2]}" != kind "${c.kind}"`);
        if (heldBack && !m[1]) err("held-back file: id must start with hb-");
        if (!heldBack && m[1]) err("id has hb- prefix in a non-held-back file");
      }
    }
    if (!KINDS.has(c.kind)) err(`kind "${c.kind}" not in the list`);
    else counts[c.kind] = (counts[c.kind] || 0) + 1;
    // scope / goals
    if (!Array.isArray(c.goals)) return err("goals must be an array");
    if (c.scope === "goal") { if (c.goals.length !== 1) err(`scope goal needs exactly 1 goal, has ${c.goals.length}`); }
    else if (c.scope === "global") { if (c.goals.length < 2 || c.goals.length > 4) err(`scope global needs 2-4 goals, has ${c.goals.length}`); }
    else err(`scope "${c.scope}" must be "goal" or "global"`);
    const keys = new Set();
    const typeOf = {};
    for (const g of c.goals) {
      if (!g || typeof g.key !== "string" || !g.key) { err("goal without key"); continue; }
      if (keys.has(g.key)) err(`goal key "${g.key}" duplicated`);
      keys.add(g.key); typeOf[g.key] = g.type;
      if (typeof g.title !== "string" || !g.title.trim()) err(`goal ${g.key}: title missing`);
      if (!TYPES.has(g.type)) err(`goal ${g.key}: type "${g.type}" invalid`);
      if (g.type === "task") {
        if (g.target !== null) err(`task goal ${g.key}: target must be null`);
        if (g.unit !== null) err(`task goal ${g.key}: unit must be null`);
        if (g.currentValue !== 0) err(`task goal ${g.key}: currentValue must be 0`);
      } else if (TYPES.has(g.type)) {
        if (!isNum(g.target) || g.target <= 0) err(`goal ${g.key}: target must be a number > 0`);
        if (!(g.unit === null || g.unit === undefined || (typeof g.unit === "string" && g.unit.trim()))) err(`goal ${g.key}: unit must be a string or null`);
        if (!isNum(g.currentValue) || g.currentValue < 0) err(`goal ${g.key}: currentValue must be a number >= 0`);
      }
    }
    // reply
    if (typeof c.reply !== "string") err("reply missing");
    else { const n = [...c.reply].length; if (n < 1 || n > 300) err(`reply length ${n} not in 1..300`); }
    // expected
    const ex = c.expected;
    if (!ex || typeof ex !== "object") return err("expected missing");
    if (!ex.goals || typeof ex.goals !== "object") err("expected.goals missing");
    else {
      for (const k of keys) if (!(k in ex.goals)) err(`expected.goals has no entry for "${k}"`);
      for (const [k, v] of Object.entries(ex.goals)) {
        if (!keys.has(k)) { err(`expected.goals has unknown key "${k}"`); continue; }
        if (v === "unchanged") continue;
        if (!v || typeof v !== "object") { err(`expected ${k}: must be "unchanged", {value} or {completed:true}`); continue; }
        const ks = Object.keys(v);
        if (ks.length === 1 && ks[0] === "value") {
          if (typeOf[k] === "task") err(`task goal ${k} must never get a value`);
          if (!isNum(v.value) || v.value < 0) err(`expected ${k}: value must be a number >= 0`);
        } else if (ks.length === 1 && ks[0] === "completed") {
          if (v.completed !== true) err(`expected ${k}: completed must be true`);
          if (typeOf[k] !== "task") err(`expected ${k}: completed only allowed on task goals`);
        } else err(`expected ${k}: must be "unchanged", {value} or {completed:true}`);
      }
    }
    if ("ambiguous" in ex && ex.ambiguous !== true) err("expected.ambiguous, when present, must be true");
    if (!MOTIVATION.has(ex.motivation)) err(`motivation "${ex.motivation}" invalid`);
    if (!ENGAGEMENT.has(ex.engagement)) err(`engagement "${ex.engagement}" invalid`);
    const extra = Object.keys(c).filter((k) => !["id", "language", "kind", "scope", "goals", "reply", "expected"].includes(k));
    if (extra.length) err(`unknown case fields: ${extra.join(", ")}`);
  });
  const scopes = data.cases.reduce((a, c) => ((a[c && c.scope] = (a[c && c.scope] || 0) + 1), a), {});
  process.stdout.write(`${file}: ${data.cases.length} cases; kinds ${JSON.stringify(counts)}; scopes ${JSON.stringify(scopes)}\n`);
}

if (errors.length) { for (const e of errors) console.error("ERROR " + e); console.error(`${errors.length} error(s)`); process.exit(1); }
process.stdout.write("OK\n");
