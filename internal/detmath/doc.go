// Package detmath holds the few transcendental functions the computer
// players need, written so that they give the same bits on every platform
// and every build.
//
// The standard library's math.Sin, Cos, Atan2, Asin, Erf and the others
// are written in Go with expressions such as x*y + z, which the compiler
// fuses into one multiply-add where the CPU has it (arm64 always, amd64 with
// GOAMD64=v3): a fused product is not rounded, so the last bit changes with
// the build. math.Exp and math.Log are assembly on amd64, and math.Exp takes
// a fused path there when the CPU has FMA, so even one binary differs from
// machine to machine; math/rand's NormFloat64 calls both.
//
// These are the standard library's own algorithms (from Go's math package,
// itself from Cephes and FreeBSD's msun), with every product that meets a
// sum rounded by an explicit float64() conversion, which the language
// forbids the compiler to fuse. internal/archtest checks the compiled code
// for fused instructions. So Sin, Cos, Atan, Atan2, Asin and Hypot give
// exactly the standard library's default amd64 results, Exp, Log and Erf
// its results within an ulp, and Normal the draws of rand.NormFloat64.
//
// Copyright 2009 The Go Authors (the algorithms and the ziggurat tables);
// used under the BSD-style licence in Go's LICENSE file.
package detmath
