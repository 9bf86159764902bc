// Command carrom is the one binary of the project: each subcommand is an
// adapter around the core packages.
//
//	carrom referee [-rules icf|family] [-players 2|4]   the referee on JSON Lines
//
// Run "carrom help" for the full list.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand. run gets the arguments after the
// subcommand's name and the process's standard streams, and returns the
// exit code.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by each subcommand's file in its init function, so that
// adding a subcommand touches only its own file.
var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("carrom: subcommand registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if c, ok := commands["serve"]; ok {
			return c.run(nil, stdin, stdout, stderr)
		}
		usage(stderr)
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "carrom: unknown command %q\n", name)
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: carrom <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"carrom <command> -h\" for a command's flags.")
}

// newFlags returns a flag set for a subcommand that reports errors instead
// of exiting, writing its messages to stderr.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("carrom "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
