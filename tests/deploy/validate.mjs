// Validates `wfc deploy`'s manifests offline (docs/deploy.md "How it is tested"):
//
//   node validate.mjs FILE.yaml...
//
// Each YAML document of each file is read as Kubernetes reads it (YAML 1.1) and must read the same
// as YAML 1.2; its apiVersion and kind pick the model class of npm's kubernetes-models or
// @kubernetes-models/argo-workflows, whose validate() checks it against the Kubernetes or Argo
// Workflows OpenAPI schema (types, required fields, enums, formats). Those schemas let unknown
// fields through, as the API server's lenient decoding would (dropping them): a misspelled field
// would pass unseen, so every field is also looked up in the models' TypeScript declarations,
// which list each object's fields. Exit 0 when every document is valid; 1 naming each problem.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { parseAllDocuments } from "yaml";

const models = {
  "batch/v1 Job": "kubernetes-models/batch/v1/Job",
  "v1 Pod": "kubernetes-models/v1/Pod",
  "v1 PersistentVolumeClaim": "kubernetes-models/v1/PersistentVolumeClaim",
  "argoproj.io/v1alpha1 Workflow": "@kubernetes-models/argo-workflows/argoproj.io/v1alpha1/Workflow",
};

// ---- the fields each declared interface has, from the .d.ts files

const interfaces = new Map(); // "<file>#<name>" → {fields: Map(name → type text), imports}

function declarationFile(specifier, fromFile) {
  if (specifier.startsWith(".")) return join(dirname(fromFile), specifier.replace(/\.js$/, ".d.ts"));
  return fileURLToPath(import.meta.resolve(specifier)).replace(/\.js$/, ".d.ts");
}

// The first interface declared in `file` (each model's file declares its own first), with the
// files its type names come from.
function readInterface(file) {
  if (interfaces.has(file)) return interfaces.get(file);
  let result = null;
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8").replace(/\/\*\*[\s\S]*?\*\//g, "");
    const imports = new Map();
    for (const m of text.matchAll(/import \{ ([^}]*) \} from "([^"]+)";/g))
      for (const name of m[1].split(",").map((s) => s.trim())) imports.set(name, declarationFile(m[2], file));
    const start = text.search(/export interface \w+[^{]*\{/);
    if (start >= 0) {
      let depth = 0, i = text.indexOf("{", start), body = "";
      for (; i < text.length; ++i) {
        if (text[i] === "{") depth++;
        if (text[i] === "}" && --depth === 0) break;
        body += text[i];
      }
      const fields = new Map();
      // Fields at the interface's own level: "name"?: type; (a type may span lines: { … })
      let level = 0, current = null;
      for (const line of body.slice(1).split("\n")) {
        const field = level === 0 && line.match(/^\s*"([^"]+)"\??:\s*(.*)$/);
        if (field) current = field[1], fields.set(current, field[2]);
        else if (current && level > 0) fields.set(current, fields.get(current) + " " + line.trim());
        level += (line.match(/\{/g) || []).length - (line.match(/\}/g) || []).length;
      }
      // "interface IUserContainer extends IIoK8sApiCoreV1Container": the extended one's fields too.
      const header = text.slice(start, text.indexOf("{", start));
      const base = header.match(/extends (I\w+)/);
      if (base && imports.has(base[1])) {
        const inherited = readInterface(imports.get(base[1]));
        if (inherited) {
          for (const [k, v] of inherited.fields) if (!fields.has(k)) fields.set(k, v);
          for (const [k, v] of inherited.imports) if (!imports.has(k)) imports.set(k, v);
        }
      }
      result = { fields, imports, extendsTypeMeta: /extends TypeMeta/.test(header) };
    }
  }
  interfaces.set(file, result);
  return result;
}

// The interface a field's type names, when it is one (directly, in an Array<…> or as a map's values).
function nested(type, imports) {
  const m = type.match(/^(?:Array<)?(I\w+)>?;?$/) || type.match(/^\{\s*\[key: string\]: (I\w+);?\s*\};?$/);
  if (!m || !imports.has(m[1])) return null;
  return { file: imports.get(m[1]), map: type.startsWith("{"), array: type.startsWith("Array<") };
}

function checkFields(value, file, where, problems) {
  const decl = readInterface(file);
  if (!decl || value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    if (!decl.fields.has(key) && !(decl.extendsTypeMeta && (key === "apiVersion" || key === "kind"))) {
      problems.push(`${where}: unknown field '${key}' (the schema's fields there: ${[...decl.fields.keys()].join(", ")})`);
      continue;
    }
    const inner = decl.fields.has(key) ? nested(decl.fields.get(key), decl.imports) : null;
    if (!inner) continue;
    if (inner.array && Array.isArray(child)) child.forEach((item, i) => checkFields(item, inner.file, `${where}.${key}[${i}]`, problems));
    else if (inner.map && child && typeof child === "object")
      for (const [k, v] of Object.entries(child)) checkFields(v, inner.file, `${where}.${key}.${k}`, problems);
    else checkFields(child, inner.file, `${where}.${key}`, problems);
  }
}

// ---- the documents

let failed = false;
for (const path of process.argv.slice(2)) {
  const text = readFileSync(path, "utf8");
  const asKubernetes = parseAllDocuments(text, { version: "1.1" });
  const as12 = parseAllDocuments(text, { version: "1.2" });
  for (const [i, doc] of asKubernetes.entries()) {
    const where = `${path}, document ${i + 1}`;
    const problems = doc.errors.map((e) => e.message);
    const value = doc.toJS();
    if (!isDeepStrictEqual(value, as12[i].toJS())) problems.push("it reads differently as YAML 1.1 and YAML 1.2");
    const specifier = value && models[`${value.apiVersion} ${value.kind}`];
    if (!specifier) problems.push(`no model for apiVersion '${value?.apiVersion}', kind '${value?.kind}'`);
    else {
      const Model = (await import(specifier))[value.kind];
      try {
        new Model(value).validate();
      } catch (e) {
        problems.push(...(e.errors || [e]).map((x) => (x.instancePath ? `${x.instancePath}: ${x.message}` : String(x.message || x))));
      }
      checkFields(value, declarationFile(specifier, path), value.kind, problems);
    }
    if (problems.length) {
      failed = true;
      for (const p of problems) console.error(`${where}: ${p}`);
    } else {
      console.log(`${where}: ${value.apiVersion} ${value.kind} is valid`);
    }
  }
}
process.exit(failed ? 1 : 0);
