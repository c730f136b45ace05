// Only what the baseline browsers (browsers.mjs) lack, in frontend/: the language (eslint-plugin-es-x) and the
// browser's APIs (eslint-plugin-compat), with a few of each that neither sees. Run by tests/contract/test_browsers.py.
import compat from "eslint-plugin-compat";
import esx from "eslint-plugin-es-x";
import {BROWSERS} from "./browsers.mjs";

// Methods of arrays and strings newer than the baseline. Without types, es-x only sees them on a literal; these are
// reported wherever they are called (`list.at(-1)`), their names being hardly used otherwise (a property named `at`,
// a timestamp, is no call). With the first Safari / Chrome / Firefox having them.
const NEWER_METHODS = {
  at: "15.4/92/90", findLast: "15.4/97/104", findLastIndex: "15.4/97/104", toSorted: "16/110/115",
  toReversed: "16/110/115", toSpliced: "16/110/115", isWellFormed: "16.4/111/119", toWellFormed: "16.4/111/119",
};
// Static APIs that eslint-plugin-compat does not know.
const NEWER_PROPERTIES = [["AbortSignal", "timeout", "16/103/100"], ["AbortSignal", "any", "17.4/116/124"],
  ["Promise", "withResolvers", "17.4/119/121"], ["Array", "fromAsync", "16.4/121/115"]];

export default [
  {
    files: ["frontend/**/*.js"],
    languageOptions: {ecmaVersion: "latest", sourceType: "module"},
    plugins: {"es-x": esx, compat},
    settings: {browsers: BROWSERS},
    rules: {
      ...esx.configs["flat/restrict-to-es2021"].rules,
      ...esx.configs["flat/restrict-to-es2021-intl-api"].rules,
      // ES2022 that all the baseline has: class fields and private methods (Safari 15, Chrome 84), top-level
      // await (Safari 15, Chrome 89). Not `#x in obj` (Chrome 91), `.at()` (Safari 15.4, Chrome 92),
      // Object.hasOwn (Safari 15.4, Chrome 93), static blocks (Safari 16.4, Chrome 94), error cause (Chrome 93).
      "es-x/no-class-fields": "off",
      "es-x/no-class-instance-fields": "off",
      "es-x/no-class-private-fields": "off",
      "es-x/no-class-private-methods": "off",
      "es-x/no-class-static-fields": "off",
      "es-x/no-top-level-await": "off",
      // ES2018, but Safari only has it since 16.4: a module with one does not even load there.
      "es-x/no-regexp-lookbehind-assertions": "error",
      "no-restricted-syntax": ["error", ...Object.entries(NEWER_METHODS).map(([name, since]) => ({
        selector: `CallExpression[callee.property.name="${name}"]`,
        message: `.${name}() is missing before Safari/Chrome/Firefox ${since}: write it without (README, "Browsers").`,
      }))],
      "no-restricted-properties": ["error", ...NEWER_PROPERTIES.map(([object, property, since]) => ({
        object, property, message: `missing before Safari/Chrome/Firefox ${since}: write it without (README, "Browsers").`,
      }))],
      ...compat.configs["flat/recommended"].rules,
    },
  },
  {
    files: ["frontend/sw.js"],
    languageOptions: {sourceType: "script"},
  },
  {
    // The one script that must run in any browser, to say it is too old for the rest: ES5, no module.
    files: ["frontend/js/too-old.js"],
    languageOptions: {sourceType: "script"},
    rules: esx.configs["flat/restrict-to-es5"].rules,
  },
];
