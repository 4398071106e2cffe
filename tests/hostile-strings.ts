/**
 * Strings that break naive SQL quoting; sql.test.ts checks how they are quoted and
 * sql.int.test.ts proves a real ClickHouse reads each back unchanged.
 */
export const HOSTILE_STRINGS: Readonly<Record<string, string>> = {
  empty: "",
  singleQuote: "'",
  quotes: `it's "quoted" \`here\``,
  doubledQuote: "''",
  backslash: "\\",
  backslashQuote: "\\'",
  trailingBackslash: "abc\\",
  escapeLookalikes: "\\n \\t \\0 \\x41 \\\\",
  injection: "x'; DROP TABLE events; --",
  injectionWithBackslash: "x\\'; DROP DATABASE default; SELECT '",
  comment: "-- not a comment /* nor this */",
  newlines: "line1\nline2\r\nline3\r",
  tabs: "a\tb\u000bc\u000cd",
  nul: "before\u0000after",
  controls: `${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("")}\u007f`,
  unicode: "Ålesund ⚓ 北京 Ωμέγα مرحبا",
  emoji: "🌊🚢 👩‍👩‍👧 🏳️‍🌈",
  nonCharacters: "\uffff\ufffe\u200b\u2028\u2029\ufeff",
  queryParameterLookalike: "{p:String} {name:UInt64}",
  jsonish: '{"a":"b\\"c","d":[1,2]}',
};
