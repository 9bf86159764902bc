// Package pgtest gives tests a real PostgreSQL: a throwaway cluster made
// with initdb in a temporary directory, listening only on a Unix socket
// there, started once per test process and stopped by its PID when the
// tests end. Each test gets its own empty schema in it.
//
// Debian's postgresql package provides the binaries (pg_config --bindir,
// or /usr/lib/postgresql/*/bin). Without them a test is skipped, except
// under CI=true, where it fails: CI must never pass by skipping. PostgreSQL
// refuses to run as root, so as root the cluster runs as the user nobody.
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
//	func TestSomething(t *testing.T) {
//		url := pgtest.URL(t) // postgres://…, its search_path a fresh schema
//		…
//	}
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
)

// startWait bounds the wait for the server to accept connections, and
// stopWait the wait for it to exit before it is killed.
const (
	startWait = 60 * time.Second
	stopWait  = 20 * time.Second
)

var (
	mu      sync.Mutex
	running *cluster
	failed  error // why the cluster could not start; set once
	schemas int
)

type cluster struct {
	dir  string // removed when stopped
	sock string // the Unix socket's directory
	cmd  *exec.Cmd
	exit chan struct{} // closed when the server process has exited
	log  string
	db   *sql.DB // an administrator's connection, to create schemas
}

// Main runs the tests, then stops the cluster if one was started, and
// returns the exit code for os.Exit.
func Main(m *testing.M) int {
	code := m.Run()
	mu.Lock()
	defer mu.Unlock()
	if running != nil {
		if err := running.stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
			if code == 0 {
				code = 1
			}
		}
		running = nil
	}
	return code
}

// URL returns the connection URL of a fresh, empty schema (it is the
// connection's search_path) in the test process's cluster, starting the
// cluster on first use. It skips t when PostgreSQL is not installed, and
// fails it under CI=true.
func URL(t testing.TB) string {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if running == nil && failed == nil {
		running, failed = start()
	}
	if failed != nil {
		var missing *missingError
		if errors.As(failed, &missing) && os.Getenv("CI") != "true" {
			t.Skip("pgtest:", failed)
		}
		t.Fatal("pgtest:", failed)
	}
	schemas++
	name := fmt.Sprintf("t%d", schemas)
	ctx, cancel := context.WithTimeout(context.Background(), startWait)
	defer cancel()
	if _, err := running.db.ExecContext(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("pgtest: create schema %s: %v", name, err)
	}
	return running.url("carrom") + "&search_path=" + name
}

// missingError says that PostgreSQL is not installed.
type missingError struct{ what string }

func (e *missingError) Error() string {
	return "PostgreSQL is not installed (Debian: apt-get install postgresql): " + e.what
}

// BinDir finds the directory of initdb and postgres.
func BinDir() (string, error) {
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		dir := strings.TrimSpace(string(out))
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	// Debian's pg_config may come from libpq-dev and point elsewhere;
	// the server's binaries live under /usr/lib/postgresql/VERSION/bin.
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	return "", &missingError{"no initdb from pg_config --bindir or in /usr/lib/postgresql/*/bin"}
}

func start() (*cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	cred, err := credential()
	if err != nil {
		return nil, err
	}
	// A short path: a Unix socket's path is limited to about 100 bytes.
	dir, err := os.MkdirTemp("", "pgtest")
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: dir, sock: dir, exit: make(chan struct{}), log: filepath.Join(dir, "server.log")}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "carrom", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	logf, err := os.Create(c.log)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	defer logf.Close()
	// No TCP at all: the socket in dir is private to this process's tests.
	// fsync off: the cluster is thrown away, and the tests wait less.
	c.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", c.sock, "-c", "listen_addresses=",
		"-c", "fsync=off", "-c", "max_connections=200", "-c", "shared_buffers=32MB")
	// Pdeathsig kills the server if the test process dies without
	// stopping it (a timeout's panic, a kill).
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
	c.cmd.Dir = dir
	c.cmd.Stdout, c.cmd.Stderr = logf, logf
	if err := c.cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("postgres: %w", err)
	}
	go func() {
		c.cmd.Wait()
		close(c.exit)
	}()
	if err := c.ready(); err != nil {
		return nil, errors.Join(err, c.stop())
	}
	return c, nil
}

// credential is the user to run PostgreSQL as: nobody when we are root,
// else ourselves (nil).
func credential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("running as root, and no user nobody to run PostgreSQL as: %w", err)
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: false}, nil
}

func (c *cluster) url(db string) string {
	return fmt.Sprintf("postgres://carrom@/%s?host=%s&sslmode=disable", db, c.sock)
}

// ready waits, at most startWait, until the server accepts connections,
// then opens the administrator's connection.
func (c *cluster) ready() error {
	db, err := sql.Open("pgx", c.url("postgres"))
	if err != nil {
		return err
	}
	deadline := time.Now().Add(startWait)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err = db.PingContext(ctx)
		cancel()
		if err == nil {
			break
		}
		select {
		case <-c.exit:
			db.Close()
			return fmt.Errorf("postgres exited at start: %s", c.logTail())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			db.Close()
			return fmt.Errorf("postgres not ready after %v: %v: %s", startWait, err, c.logTail())
		}
	}
	if _, err := db.Exec("CREATE DATABASE carrom"); err != nil {
		db.Close()
		return err
	}
	db.Close()
	if c.db, err = sql.Open("pgx", c.url("carrom")); err != nil {
		return err
	}
	return nil
}

func (c *cluster) logTail() string {
	data, _ := os.ReadFile(c.log)
	if len(data) > 2000 {
		data = data[len(data)-2000:]
	}
	return string(data)
}

// stop asks the server (by its PID) for a fast shutdown, kills it if it is
// not gone within stopWait, and removes the cluster's directory.
func (c *cluster) stop() error {
	if c.db != nil {
		c.db.Close()
	}
	var err error
	if c.cmd.Process != nil {
		c.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-c.exit:
		case <-time.After(stopWait):
			c.cmd.Process.Kill()
			<-c.exit
			err = fmt.Errorf("postgres (pid %d) did not stop within %v; killed", c.cmd.Process.Pid, stopWait)
		}
	}
	return errors.Join(err, os.RemoveAll(c.dir))
}
