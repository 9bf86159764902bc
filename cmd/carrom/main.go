// Command carrom is the one binary of the project: each subcommand is an
// adapter around the core packages, and each file here only parses its
// flags and wires packages together.
//
//	carrom [serve] [-addr host:port] [-data dir]           the game server (the default)
//	carrom referee [-rules icf|family] [-players 2|4]      the referee on JSON Lines
//	carrom help [command]                                  a command's help
//
// The command line is github.com/urfave/cli/v3: flags take one dash or two
// (-addr, --addr), may come after positional arguments, and every command
// has -h and "carrom help COMMAND".
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// streams are the process's standard streams, which a test replaces.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

// usageError is a command line the command cannot run: exit code 2.
type usageError struct {
	cmd string // the command's full name, "carrom bench ai"
	err error
}

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef makes the usage error of cmd, prefixed with its full name.
func usagef(cmd *cli.Command, format string, args ...any) error {
	return usageError{cmd.FullName(), fmt.Errorf("%s: %s", cmd.FullName(), fmt.Sprintf(format, args...))}
}

// failed prefixes a command's runtime error with its full name: exit code 1.
func failed(cmd *cli.Command, err error) error {
	return fmt.Errorf("%s: %w", cmd.FullName(), err)
}

// silentExit ends a command with an exit code and nothing more to say: a
// line protocol has already answered its failure on standard output.
type silentExit int

func (e silentExit) Error() string { return fmt.Sprintf("exit code %d", int(e)) }

// exitCode is nil for 0 and a silentExit otherwise.
func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return silentExit(code)
}

// noArgs refuses positional arguments: flag parsing does not stop at them,
// so "serve extra -data D" is an error instead of a server on ./carrom-data.
func noArgs(cmd *cli.Command) error {
	if cmd.Args().Present() {
		return usagef(cmd, "unexpected argument %q", cmd.Args().First())
	}
	return nil
}

// app is the command tree. Adding a subcommand is one more entry here and
// its own file.
func app(s streams) *cli.Command {
	root := &cli.Command{
		Name:  "carrom",
		Usage: "the game of Carrom: a server, a referee, a simulator and benches",
		Description: "With no command, or only flags, carrom serves the game (carrom serve).\n" +
			"Flags take one dash or two, and may follow arguments.",
		DefaultCommand: "serve",
		HideVersion:    true,
		Reader:         s.in,
		Writer:         s.out,
		ErrWriter:      s.err,
		Commands: []*cli.Command{
			serveCommand(s),
			refereeCommand(s),
			simCommand(s),
			replayCommand(s),
			benchCommand(s),
			loadtestCommand(s),
			backupCommand(s),
			tourneyCommand(s),
			versionCommand(s),
		},
		// Errors are printed once, by run, which also chooses the exit code.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
	}
	root.Walk(func(c *cli.Command) error {
		c.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
			return usageError{c.FullName(), fmt.Errorf("%s: %w", c.FullName(), err)}
		}
		return nil
	})
	return root
}

// run runs the command line args and returns the exit code: 0, 1 when the
// command failed, 2 when the command line is wrong.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := app(streams{in: stdin, out: stdout, err: stderr})
	// "help bench physics" is "bench physics -h": the built-in help command
	// looks up one level only.
	isHelp := func(a string) bool { return a == "help" || a == "h" }
	if len(args) > 1 && isHelp(args[0]) {
		args = append(slices.Clone(args[1:]), "-h")
	}
	// The default command takes any word that is not a command as its
	// argument; a mistyped command name is better reported as such.
	if len(args) > 0 && !isHelp(args[0]) && !strings.HasPrefix(args[0], "-") && root.Command(args[0]) == nil {
		fmt.Fprintf(stderr, "carrom: unknown command %q (have %s)\n", args[0], strings.Join(commandNames(root), ", "))
		return 2
	}
	err := root.Run(context.Background(), append([]string{"carrom"}, args...))
	if err == nil {
		return 0
	}
	if code := silentExit(0); errors.As(err, &code) {
		return int(code)
	}
	fmt.Fprintln(stderr, err)
	if u := (usageError{}); errors.As(err, &u) {
		fmt.Fprintf(stderr, "Run \"%s -h\" for usage.\n", u.cmd)
		return 2
	}
	return 1
}

func commandNames(root *cli.Command) []string {
	var names []string
	for _, c := range root.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	return names
}
