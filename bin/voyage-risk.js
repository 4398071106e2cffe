#!/usr/bin/env node
// The `voyage-risk` CLI: runs services/cli.ts through tsx (a runtime dependency).
import { register } from "tsx/esm/api";

register();
await import("../services/cli.ts");
