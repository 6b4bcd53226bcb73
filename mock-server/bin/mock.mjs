#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx's loader), so `pnpm mock` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
