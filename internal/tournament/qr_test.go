package tournament

import (
	"strconv"
	"testing"
	"time"
)

// BenchmarkQRCode: making a scorecard's QR code against answering it
// again from memory, the cost the codes kept save.
func BenchmarkQRCode(b *testing.B) {
	const text = "https://carrom.example.org/umpire/0123456789abcdef0123456789abcdef"
	now := time.Unix(0, 0)
	b.Run("made", func(b *testing.B) {
		q := newQRCodes()
		for i := 0; b.Loop(); i++ {
			now = now.Add(time.Second)
			if _, err := q.code(text+strconv.Itoa(i), "203.0.113.1", now); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kept", func(b *testing.B) {
		q := newQRCodes()
		for b.Loop() {
			if _, err := q.code(text, "203.0.113.1", now); err != nil {
				b.Fatal(err)
			}
		}
	})
}
