package main

import (
	"context"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/server"
	"github.com/carrom-game/carrom/internal/servertest"
	"github.com/carrom-game/carrom/physics"
)

// BenchmarkComputerTables (issue 31, item 3): the p99 of GET /healthz and
// of a human's action (intent to its event) on a real server with the
// serve command's computer players and pace, alone and then with 16
// tables of four expert computers, each watched, in the same run; it
// reports both, their ratios, and the cores the process used in each
// phase. Run it with -benchtime=1x (docs/deploy.md).
func BenchmarkComputerTables(b *testing.B) {
	for range b.N {
		computerTables(b)
	}
}

func computerTables(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base := serveInProcess(b, server.Config{Bots: bots, Physics: physics.Default(), Pace: 1200 * time.Millisecond}, serverTimeouts)

	const phase = 20 * time.Second
	alone := measurePhase(ctx, b, base, phase)

	demos, err := servertest.NewClient(ctx, base)
	if err != nil {
		b.Fatal(err)
	}
	expert := protocol.SeatConfig{Kind: "computer", Level: "expert"}
	for i := range 16 {
		id, err := demos.CreateTable(ctx, protocol.TableConfig{Rules: "icf", Players: 4, Seed: uint64(i + 1), Seats: []protocol.SeatConfig{expert, expert, expert, expert}})
		if err != nil {
			b.Fatal(err)
		}
		w, err := demos.Connect(ctx, id, 0)
		if err != nil {
			b.Fatal(err)
		}
		defer w.Close()
		go func() {
			for {
				if _, err := w.ReadRaw(ctx); err != nil {
					return
				}
			}
		}()
	}
	time.Sleep(3 * time.Second)
	busy := measurePhase(ctx, b, base, phase)

	b.ReportMetric(alone.health, "healthz-p99-alone-ms")
	b.ReportMetric(busy.health, "healthz-p99-busy-ms")
	b.ReportMetric(busy.health/alone.health, "healthz-p99-ratio")
	b.ReportMetric(alone.action, "action-p99-alone-ms")
	b.ReportMetric(busy.action, "action-p99-busy-ms")
	b.ReportMetric(busy.action/alone.action, "action-p99-ratio")
	b.ReportMetric(alone.cores, "cores-alone")
	b.ReportMetric(busy.cores, "cores-busy")
}

type phaseResult struct{ health, action, cores float64 }

// measurePhase asks for /healthz every 50 ms and plays both seats of a
// table of two humans, an action every 100 ms, for d; it returns the p99
// of each in milliseconds and the cores the process used.
func measurePhase(ctx context.Context, b *testing.B, base string, d time.Duration) phaseResult {
	cpu0, t0 := cpuTime(), time.Now()
	end := t0.Add(d)
	var health []time.Duration
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for time.Now().Before(end) {
			start := time.Now()
			resp, err := http.Get(base + "/healthz")
			if err != nil {
				b.Error(err)
				return
			}
			resp.Body.Close()
			health = append(health, time.Since(start))
			time.Sleep(50 * time.Millisecond)
		}
	}()
	actions := playHuman(ctx, b, base, end)
	wg.Wait()
	cores := float64(cpuTime()-cpu0) / float64(time.Since(t0))
	return phaseResult{health: p99ms(health), action: p99ms(actions), cores: cores}
}

// playHuman plays both seats of a table of two humans until end and
// returns how long each action took from its intent to its event.
func playHuman(ctx context.Context, b *testing.B, base string, end time.Time) []time.Duration {
	c, err := servertest.NewClient(ctx, base)
	if err != nil {
		b.Fatal(err)
	}
	id, err := c.CreateTable(ctx, servertest.Humans(2, 1))
	if err != nil {
		b.Fatal(err)
	}
	ws, err := c.Connect(ctx, id, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	for seat := range 2 {
		if err := ws.Send(ctx, protocol.Sit(seat, "")); err != nil {
			b.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var took []time.Duration
	var sent time.Time
	rctx, cancel := context.WithDeadline(ctx, end)
	defer cancel()
	for {
		m, err := ws.Read(rctx)
		if rctx.Err() != nil {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		if m.Type == "error" {
			b.Fatalf("the server refused an action: %s", m.Error)
		}
		if m.Type == "event" && !sent.IsZero() {
			took = append(took, time.Since(sent))
			sent = time.Time{}
		}
		if m.State == nil || !m.State.Started || !sent.IsZero() {
			continue
		}
		if m.State.Over {
			break
		}
		time.Sleep(100 * time.Millisecond)
		sent = time.Now()
		if err := ws.Send(ctx, servertest.Move(m.State, rng)); err != nil {
			b.Fatal(err)
		}
	}
	return took
}

func p99ms(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return float64(ds[len(ds)*99/100]) / float64(time.Millisecond)
}

// cpuTime is the CPU the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
