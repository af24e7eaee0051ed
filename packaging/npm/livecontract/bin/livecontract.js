#!/usr/bin/env node
// The `livecontract` command of the npm package: finds the prebuilt binary for this platform
// (installed by npm as one of the optional @livecontract/cli-<os>-<arch> packages, or named by
// LIVECONTRACT_BINARY), runs it with the same arguments and standard streams, and ends the way
// it ended: the same exit code (0 in sync, 1 drift, 2 invalid schema, 64 usage), or killed by
// the same signal. Plain Node 18+, no dependencies. Exit 69 when no binary can be run here.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const UNAVAILABLE = 69;
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
const platforms = require('../platforms.json');

function fail(lines) {
  process.stderr.write(lines.map((line) => `livecontract: ${line}\n`).join(''));
  process.exit(UNAVAILABLE);
}

function fromSource() {
  return [
    'to build it from source (Swift 6 and libyaml): clone the livecontract repository and run',
    '  scripts/setup && scripts/build-release',
    'then set LIVECONTRACT_BINARY to the path it prints, or install that binary on PATH',
  ];
}

function available() {
  return Object.keys(platforms)
    .filter((key) => key !== '//')
    .map((key) => key.replace(' ', '-') + (platforms[key].libc ? ` (${platforms[key].libc})` : ''))
    .join(', ');
}

/// The C library of this Linux machine, as Node's own report tells it.
function libc() {
  if (process.platform !== 'linux' || !process.report) return undefined;
  const header = process.report.getReport().header;
  return header && header.glibcVersionRuntime ? 'glibc' : 'musl';
}

function binaryPath() {
  const override = process.env.LIVECONTRACT_BINARY;
  if (override) {
    let usable = false;
    try {
      fs.accessSync(override, fs.constants.X_OK);
      usable = fs.statSync(override).isFile();
    } catch (error) {
      usable = false;
    }
    if (!usable) fail([`LIVECONTRACT_BINARY is '${override}', which is not an executable file`]);
    return override;
  }
  const key = `${process.platform} ${process.arch}`;
  const entry = key === '//' ? undefined : platforms[key];
  const here = `${process.platform}-${process.arch}`;
  if (!entry || (entry.libc && libc() && libc() !== entry.libc)) {
    const what = entry ? `${here} with ${libc()}` : here;
    fail([`no prebuilt binary for ${what}`, `prebuilt binaries exist for: ${available()}`, ...fromSource()]);
  }
  let folder;
  try {
    folder = path.dirname(require.resolve(`${entry.package}/package.json`));
  } catch (error) {
    fail([
      `the package ${entry.package}, which carries the binary for ${here}, is not installed`,
      'npm installs it as an optional dependency of livecontract: reinstall without --omit=optional / --no-optional,',
      `or add it yourself: npm install ${entry.package}`,
      ...fromSource(),
    ]);
  }
  return path.join(folder, 'bin', 'livecontract');
}

function run() {
  const binary = binaryPath();
  // The handlers go in before the binary starts: a signal that came between the two would
  // end this process by default and leave the binary running. They run on the event loop,
  // after `child` is set.
  let child;
  const forward = {};
  for (const signal of FORWARDED) {
    forward[signal] = () => {
      try {
        child.kill(signal);
      } catch (error) {
        // The child has already exited; its 'exit' event ends this process.
      }
    };
    process.on(signal, forward[signal]);
  }
  child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });
  child.on('error', (error) => {
    fail([`cannot run ${binary}: ${error.message}`, ...fromSource()]);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      // Die of the same signal, so a shell or CI runner sees what the binary saw.
      for (const name of FORWARDED) process.removeListener(name, forward[name]);
      const shellCode = 128 + (os.constants.signals[signal] || 0);
      try {
        process.kill(process.pid, signal);
      } catch (error) {
        process.exit(shellCode);
      }
      // A signal Node ignores (SIGPIPE) does not end this process: exit as a shell would.
      setTimeout(() => process.exit(shellCode), 1000);
      return;
    }
    process.exit(code === null ? UNAVAILABLE : code);
  });
}

run();
