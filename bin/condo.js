#!/usr/bin/env node
// Tiny entry: everything lives in the built bundle; heavy modules load lazily from there.
import '../dist/cli/main.js';
