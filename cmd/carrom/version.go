package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v3"
)

func versionCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the module version, the VCS revision and the Go version of this binary",
		Action: func(_ context.Context, cmd *cli.Command) error {
			if err := noArgs(cmd); err != nil {
				return err
			}
			fmt.Fprintln(s.out, version())
			return nil
		},
	}
}

// version describes the build: "carrom v1.2.0" when built by go install
// at a version, "(devel)" from a checkout, then the commit it was built
// from (go build stamps it), and the toolchain.
func version() string {
	v, rev := "(unknown)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		var at, modified string
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.time":
				at = kv.Value
			case "vcs.modified":
				if kv.Value == "true" {
					modified = ", modified"
				}
			}
		}
		if rev != "" {
			rev = fmt.Sprintf(", revision %s (%s%s)", rev, at, modified)
		}
	}
	return fmt.Sprintf("carrom %s%s, %s %s/%s", v, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
