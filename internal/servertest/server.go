package servertest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Server is a carrom serve process started for a load test or a test.
type Server struct {
	// URL is where it serves, "http://127.0.0.1:PORT".
	URL     string
	cmd     *exec.Cmd
	logDone chan struct{} // closed when its stderr is read to the end
}

// StartServer runs exe's serve command on a free loopback port with the
// data directory data and the further flags args, and returns once the
// server logs its address. Its log lines at WARN and above, and anything
// else it writes on stderr, go on to stderr. Its players all connect from
// loopback, so it has no bound on the connections per address.
func StartServer(exe, data string, stderr io.Writer, args ...string) (*Server, error) {
	if stderr == nil {
		stderr = io.Discard
	}
	cmd := exec.Command(exe, append([]string{"serve", "-addr", "127.0.0.1:0", "-data", data, "-log-level", "info", "-conns-per-address", "0"}, args...)...)
	logs, err := cmd.StderrPipe()
	if err != nil {
		return nil, fmt.Errorf("servertest: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("servertest: %w", err)
	}
	s := &Server{cmd: cmd, logDone: make(chan struct{})}
	urlc := make(chan string, 1)
	go func() {
		defer close(s.logDone)
		defer close(urlc)
		sc := bufio.NewScanner(logs)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rec struct{ Level, Msg, URL string }
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Level != "" {
				if rec.Msg == "listening" && rec.URL != "" {
					select {
					case urlc <- strings.TrimSuffix(rec.URL, "/"):
					default:
					}
				}
				if rec.Level == "DEBUG" || rec.Level == "INFO" {
					continue
				}
			}
			fmt.Fprintf(stderr, "%s\n", sc.Bytes())
		}
	}()
	url, ok := <-urlc
	if !ok {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, errors.New("servertest: carrom serve stopped before it listened")
	}
	s.URL = url
	return s, nil
}

// Signal sends the server's process a signal: SIGSTOP and SIGCONT
// freeze and thaw it, SIGTERM asks it to hand its tables over and stop.
func (s *Server) Signal(sig os.Signal) error { return s.cmd.Process.Signal(sig) }

// Wait waits for the server's process to end, after a signal.
func (s *Server) Wait() {
	<-s.logDone
	s.cmd.Wait()
}

// Kill stops the server with SIGKILL, as a crash would.
func (s *Server) Kill() {
	s.cmd.Process.Kill()
	<-s.logDone
	s.cmd.Wait()
}

// Stop asks the server to shut down and waits for it, killing it if it
// has not stopped within 15 s.
func (s *Server) Stop() {
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { <-s.logDone; s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}
