import pkg from "../../package.json" with { type: "json" };

/** Semantic version of the API, reported as api_version (spec section 9): the package version. */
export const API_VERSION: string = pkg.version;
