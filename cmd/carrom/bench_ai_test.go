package main

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// section returns the lines of out after the line starting with title, up
// to the next blank line.
func section(t *testing.T, out, title string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(out, "\n"+title)
	if !ok {
		t.Fatalf("no section %q in:\n%s", title, out)
	}
	block, _, _ := strings.Cut(rest, "\n\n")
	return strings.Split(strings.TrimRight(block, "\n"), "\n")
}

// figures matches line against re and returns its submatches, the numbers
// parsed; a submatch that is not a number is NaN, its text in words.
func figures(t *testing.T, re *regexp.Regexp, line string) (nums []float64, words []string) {
	t.Helper()
	m := re.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("line %q does not match %v", line, re)
	}
	for _, s := range m[1:] {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			f = math.NaN()
		}
		nums, words = append(nums, f), append(words, s)
	}
	return nums, words
}

// near reports whether a printed figure equals x to the printed precision.
func near(printed, x, precision float64) bool { return math.Abs(printed-x) <= precision/2+1e-9 }

// TestBenchAI runs every measurement small and checks that the figures are
// consistent with each other and with the flags: counts add up, rates and
// shares are between 0 and 100 % and inside their intervals, and the ICF's
// limit of 12 points a board holds.
func TestBenchAI(t *testing.T) {
	if testing.Short() {
		t.Skip("every measurement of the bench, the expert's times among them; skipped under -short")
	}
	const clears, maxStrokes, slams, boards, decisions = 2, 4, 2, 1, 2
	levels := []string{"beginner", "casual"}
	var out, errw bytes.Buffer
	args := []string{"bench", "ai", "-levels", strings.Join(levels, ","), "-clear", fmt.Sprint(clears), "-max", fmt.Sprint(maxStrokes),
		"-slams", fmt.Sprint(slams), "-boards", fmt.Sprint(boards), "-decisions", fmt.Sprint(decisions), "-quiet"}
	if code := run(args, nil, &out, &errw); code != 0 {
		t.Fatalf("carrom %s: exit %d; stderr:\n%s", strings.Join(args, " "), code, errw.String())
	}
	report := out.String()

	t.Run("clearance", func(t *testing.T) {
		rows := section(t, report, "1-2. solo clearance")
		if want := fmt.Sprintf(" from the break, %d boards each, limit %d strokes", clears, maxStrokes); !strings.HasPrefix(rows[0], want) {
			t.Errorf("title %q; want it to start %q", rows[0], want)
		}
		rows = rows[2:]
		if len(rows) != 2*len(levels) {
			t.Fatalf("%d rows; want %d (each level under two noise models)", len(rows), 2*len(levels))
		}
		re := regexp.MustCompile(`^(\S+)\s+(Carrom_rl|own \(level\))\s+([\d.]+) ± ([\d.]+|NaN)\s+(\d+)/(\d+)\s+([\d.]+)\s+([\d.]+) ± ([\d.]+|NaN)%$`)
		for i, row := range rows {
			f, w := figures(t, re, row)
			mean, half, cleared, n, median, rate, rateHalf := f[2], f[3], f[4], f[5], f[6], f[7], f[8]
			if want := levels[i%len(levels)]; w[0] != want {
				t.Errorf("row %d is level %s; want %s", i, w[0], want)
			}
			if want := map[bool]string{true: "Carrom_rl", false: "own (level)"}[i < len(levels)]; w[1] != want {
				t.Errorf("row %d: noise %s; want %s", i, w[1], want)
			}
			if n != clears || cleared < 0 || cleared > n {
				t.Errorf("%q: %v of %v cleared; want 0 to %d of %d", row, cleared, n, clears, clears)
			}
			if mean < 1 || mean > maxStrokes || median < 1 || median > maxStrokes || !(half >= 0) {
				t.Errorf("%q: mean %v ± %v, median %v; want both in 1..%d and a half-width ≥ 0", row, mean, half, median, maxStrokes)
			}
			if !(rate >= 0 && rate <= 100 && rateHalf >= 0) {
				t.Errorf("%q: scoring rate %v ± %v %%; want 0..100 and a half-width ≥ 0", row, rate, rateHalf)
			}
			if cleared == 0 {
				// Every clearance played the limit: no spread, and the rate is
				// a whole number of scoring strokes out of clears×max.
				scoring := rate / 100 * clears * maxStrokes
				if mean != maxStrokes || median != maxStrokes || half != 0 || !near(scoring, math.Round(scoring), 0.1*clears*maxStrokes/100) {
					t.Errorf("%q: none cleared, so want mean and median %d ± 0 and a rate of k/%d", row, maxStrokes, clears*maxStrokes)
				}
			}
		}
	})

	t.Run("slams", func(t *testing.T) {
		rows := section(t, report, "3. white slams: ")
		if want := levels[len(levels)-1] + " breaking"; !strings.HasPrefix(rows[0], want) {
			t.Errorf("title %q; want the strongest level, %q", rows[0], want)
		}
		re := regexp.MustCompile(`^slams (\d+)/(\d+) = ([\d.]+)% \(95% CI ([\d.]+)–([\d.]+)%\); first turn ([\d.]+) strokes on average, ([\d.]+)% of them scoring$`)
		f, _ := figures(t, re, rows[1])
		k, n, pct, lo, hi, strokes, scoring := f[0], f[1], f[2], f[3], f[4], f[5], f[6]
		if n != slams || k > n || !near(pct, 100*k/n, 0.1) {
			t.Errorf("%q: want %d boards and the share k/n", rows[1], slams)
		}
		if !(0 <= lo && lo <= pct && pct <= hi && hi <= 100) {
			t.Errorf("%q: want 0 ≤ %v ≤ %v ≤ %v ≤ 100", rows[1], lo, pct, hi)
		}
		if strokes < 1 || scoring < 0 || scoring > 100 {
			t.Errorf("%q: a first turn is a stroke at least, and its scoring share 0..100 %%", rows[1])
		}
	})

	t.Run("ladder", func(t *testing.T) {
		rows := section(t, report, "4. ladder")[2:]
		if len(rows) != len(levels)-1 {
			t.Fatalf("%d ladder rows; want %d", len(rows), len(levels)-1)
		}
		re := regexp.MustCompile(`^(\S+) v (\S+)\s+(\d+)\s+(\d+)\s+([\d.]+)% \(\s*([\d.]+)–\s*([\d.]+)%\)\s+(\d+)–(\d+)\s+(\d+)–(\d+)\s+([\d.]+)% / ([\d.]+)%$`)
		for i, row := range rows {
			f, w := figures(t, re, row)
			played, highWon, share, lo, hi := f[2], f[3], f[4], f[5], f[6]
			lowMatches, highMatches, lowPoints, highPoints, lowRate, highRate := f[7], f[8], f[9], f[10], f[11], f[12]
			if w[0] != levels[i] || w[1] != levels[i+1] {
				t.Errorf("row %d pairs %s v %s; want %s v %s", i, w[0], w[1], levels[i], levels[i+1])
			}
			if played < boards || highWon > played {
				t.Errorf("%q: %v boards, %v won by the higher level; want at least %d boards, and no more won than played", row, played, highWon, boards)
			}
			// The share is of the decided boards, no more than those played.
			if !(0 <= lo && lo <= share && share <= hi && hi <= 100) || share+0.05 < 100*highWon/played {
				t.Errorf("%q: share %v%% (%v–%v%%); want inside its interval and at least %v of %v boards", row, share, lo, hi, highWon, played)
			}
			if m := lowMatches + highMatches; m < 1 || m > played {
				t.Errorf("%q: %v matches for %v boards; want 1 to one a board", row, m, played)
			}
			// RULES SC: no ICF board scores above 12.
			if highPoints > 12*highWon || lowPoints > 12*(played-highWon) {
				t.Errorf("%q: points %v–%v; want at most 12 a board won", row, lowPoints, highPoints)
			}
			if lowRate < 0 || lowRate > 100 || highRate < 0 || highRate > 100 {
				t.Errorf("%q: scoring rates %v%%, %v%%; want 0..100", row, lowRate, highRate)
			}
		}
	})

	t.Run("time", func(t *testing.T) {
		rows := section(t, report, "5. time per decision")
		if want := fmt.Sprintf(", %d strokes from %s matches", decisions, levels[len(levels)-1]); !strings.HasPrefix(rows[0], want) {
			t.Errorf("title %q; want it to start %q", rows[0], want)
		}
		rows = rows[2:]
		if len(rows) != len(levels) {
			t.Fatalf("%d rows; want one a level", len(rows))
		}
		re := regexp.MustCompile(`^(\S+)\s+([\d.]+) ms\s+([\d.]+) ms\s+([\d.]+) ms\s+([\d.]+) ms$`)
		for i, row := range rows {
			f, w := figures(t, re, row)
			if w[0] != levels[i] || f[1] > f[2] || f[3] > f[4] {
				t.Errorf("%q: want level %s, and each mean no more than its max", row, levels[i])
			}
		}
	})
}

// TestBenchAIVariants runs each variant's ladder small and checks its
// figures: the games add up, the shares lie inside their intervals, the
// head-to-head share is the share seen from one copy of the lower level
// (the same with two players, 50 % where the share is 1 in 3 with three),
// and every decision kept within its level's simulations.
func TestBenchAIVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games of every variant; skipped under -short")
	}
	// Short games, so that some are adjudicated.
	const games, maxStrokes = 2, 12
	levels := []string{"beginner", "casual"}
	limits := map[string]float64{"beginner": 500, "casual": 1000}
	for _, v := range []struct {
		name    string
		players int
	}{{"point", 2}, {"three", 3}, {"pockets", 2}} {
		t.Run(v.name, func(t *testing.T) {
			var out, errw bytes.Buffer
			args := []string{"bench", "ai", "-rules", v.name, "-levels", strings.Join(levels, ","), "-boards", fmt.Sprint(games), "-strokes", fmt.Sprint(maxStrokes), "-quiet"}
			if code := run(args, nil, &out, &errw); code != 0 {
				t.Fatalf("carrom %s: exit %d; stderr:\n%s", strings.Join(args, " "), code, errw.String())
			}
			report := out.String()
			rows := section(t, report, "ladder under "+v.name)
			if want := fmt.Sprintf(", %d players: ", v.players); !strings.Contains(rows[0], want) || !strings.Contains(rows[0], fmt.Sprintf("; %d games a pair", games)) {
				t.Errorf("title %q; want %d players and %d games a pair", rows[0], v.players, games)
			}
			rows = rows[2:]
			if len(rows) != len(levels)-1 {
				t.Fatalf("%d ladder rows; want %d", len(rows), len(levels)-1)
			}
			re := regexp.MustCompile(`^(\S+) v (\S+)\s+(\d+)\s+(\d+)\s+([\d.]+)% \(\s*([\d.]+)–\s*([\d.]+)%\)\s+([\d.]+)% \(\s*([\d.]+)–\s*([\d.]+)%\)\s+(\d+)\s+([\d.]+)$`)
			for i, row := range rows {
				f, w := figures(t, re, row)
				played, won, share, lo, hi, h2h, h2hLo, h2hHi, adjudicated, strokes := f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11]
				if w[0] != levels[i] || w[1] != levels[i+1] {
					t.Errorf("row %d pairs %s v %s; want %s v %s", i, w[0], w[1], levels[i], levels[i+1])
				}
				if played != games || won > played || adjudicated > played || !near(share, 100*won/played, 0.1) {
					t.Errorf("%q: %v games, %v won, %v adjudicated, share %v%%; want %d games, and the share won", row, played, won, adjudicated, share, games)
				}
				if adjudicated > 0 && strokes < maxStrokes*adjudicated/played {
					t.Errorf("%q: %v games adjudicated after %d strokes, but %v strokes a game", row, adjudicated, maxStrokes, strokes)
				}
				if !(0 <= lo && lo <= share && share <= hi && hi <= 100) || !(0 <= h2hLo && h2hLo <= h2h && h2h <= h2hHi && h2hHi <= 100) {
					t.Errorf("%q: want each share inside its interval, within 0..100 %%", row)
				}
				n := float64(v.players)
				for _, pair := range [][2]float64{{share, h2h}, {lo, h2hLo}, {hi, h2hHi}} {
					// From the printed share, rounded to 0.05 %, which the
					// head-to-head share's slope (at most players-1) widens.
					s := pair[0] / 100
					if want := 100 * s / (s + (1-s)/(n-1)); s > 0 && !near(pair[1], want, 0.1*(n-1)+0.1) {
						t.Errorf("%q: head to head %v%% for a share of %v%%; want %.1f%%", row, pair[1], pair[0], want)
					}
				}
				if strokes < 1 {
					t.Errorf("%q: %v strokes a game; want at least the break", row, strokes)
				}
			}
			rows = section(t, report, "time per decision under "+v.name)[2:]
			if len(rows) != len(levels) {
				t.Fatalf("%d time rows; want one a level", len(rows))
			}
			re = regexp.MustCompile(`^(\S+)\s+(\d+)\s+([\d.]+) ms\s+([\d.]+) ms\s+(\d+) \(\s*(\d+)\)$`)
			for i, row := range rows {
				f, w := figures(t, re, row)
				decisions, mean, worst, most, limit := f[1], f[2], f[3], f[4], f[5]
				if w[0] != levels[i] || decisions < 1 || mean > worst || most < 1 || limit != limits[w[0]] || most > limit {
					t.Errorf("%q: want level %s with decisions, a mean no more than the max, and its most simulations within its limit %v", row, levels[i], limits[levels[i]])
				}
			}
		})
	}
}

func TestBenchAIFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-clear", "0"}, `carrom bench ai: invalid value "0" for flag -clear`},
		{[]string{"-only", "clear,speed"}, `carrom bench ai: invalid value "clear,speed" for flag -only: unknown measurement "speed"`},
		{[]string{"-levels", "grandmaster"}, `carrom bench ai: invalid value "grandmaster" for flag -levels`},
		{[]string{"extra"}, `carrom bench ai: unexpected argument "extra"`},
		{[]string{"-rules", "snooker"}, `carrom bench ai: invalid value "snooker" for flag -rules`},
		{[]string{"-rules", "three", "-players", "4"}, `carrom bench ai: -rules three takes 3 to 3 players, not 4`},
		{[]string{"-rules", "point", "-only", "clear"}, `carrom bench ai: -rules point measures the ladder only (-only ladder), not "clear"`},
		{[]string{"-rules", "pockets", "-levels", "club"}, `carrom bench ai: a ladder needs two levels or more`},
		{[]string{"-players", "3"}, `carrom bench ai: -players is for a variant's ladder`},
		{[]string{"-strokes", "0"}, `carrom bench ai: invalid value "0" for flag -strokes`},
	} {
		var out, errw bytes.Buffer
		args := append([]string{"bench", "ai"}, c.args...)
		if code := run(args, nil, &out, &errw); code != 2 || !strings.HasPrefix(errw.String(), c.want) || out.Len() > 0 {
			t.Errorf("carrom %s: exit %d, stdout %q, stderr %q; want 2, nothing measured, and %q", strings.Join(args, " "), code, out.String(), errw.String(), c.want)
		}
	}
}
