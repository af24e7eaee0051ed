#!/usr/bin/env python3
"""Writes a livecontract schema and an equivalent .proto with N state fields.

usage: synth.py N OUT_DIR
The fields cycle through the scalar types real Live Activity contracts use most (string,
double, int, date, bool), so the work per field is representative.
"""
import os
import sys

n = int(sys.argv[1])
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
kinds = [("string", "string"), ("double", "double"), ("int", "int32"), ("date", "int64"), ("bool", "bool")]

lines = [
    "livecontract: 1",
    f"name: Bench{n}",
    "doc: Synthesized benchmark contract.",
    "attributes:",
    "  orderId: { type: string, maxLength: 32 }",
    "state:",
]
proto = ['syntax = "proto3";', "package bench;", 'option java_package = "bench";',
         f"message Bench{n}State {{"]
for i in range(n):
    schema_type, proto_type = kinds[i % len(kinds)]
    extra = ", maxLength: 64" if schema_type == "string" else ""
    lines.append(f"  field{i}: {{ type: {schema_type}{extra}, doc: Field number {i} }}")
    proto.append(f"  // Field number {i}")
    proto.append(f"  {proto_type} field{i} = {i + 1};")
proto.append("}")
lines += [
    "outputs:",
    "  swift: [out/ios/BenchAttributes.swift, out/widget/BenchAttributes.swift]",
    "  swift-bridge: out/ios/BenchRecords.swift",
    "  kotlin: { path: out/android/BenchContract.kt, package: bench.live }",
    "  typescript: out/src/BenchContract.ts",
    "  fixtures: out/fixtures",
]
with open(os.path.join(out, "bench.yaml"), "w") as f:
    f.write("\n".join(lines) + "\n")
with open(os.path.join(out, "bench.proto"), "w") as f:
    f.write("\n".join(proto) + "\n")
