// The documents the language client sends to the server: MLIR files, and
// each `.bufferlens.json`, whose mistakes the server shows in it (it
// answers nothing else about them).
export const documentSelector = [
  { scheme: 'file', language: 'mlir' },
  { scheme: 'untitled', language: 'mlir' },
  { scheme: 'file', pattern: '**/.bufferlens.json' },
];
