package httpapi

import (
	"container/list"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// ErrTooMany is a request past a limit: 429, with when to ask again.
var ErrTooMany = NewCoded(http.StatusTooManyRequests, "too_many", "too many")

// Limit is a token bucket: Burst attempts at once, then one every Every.
type Limit struct {
	Every time.Duration
	Burst int
}

// Limiter counts attempts by key, each key a token bucket on the clock
// its callers read. It keeps at most max keys: a new key past them
// evicts the key used longest ago (the likeliest to have its bucket full
// again, so the same as forgotten), so that a flood of new keys can never
// refuse another key its attempts.
type Limiter struct {
	Limit
	max  int
	mu   sync.Mutex
	keys map[string]*list.Element // of *bucket, in lru
	lru  list.List                // the most recently used first
}

type bucket struct {
	key string
	b   *rate.Limiter
}

// maxKeys bounds the keys a Limiter keeps.
const maxKeys = 1 << 14

// NewLimiter is a Limiter of l.
func NewLimiter(l Limit) *Limiter {
	return &Limiter{Limit: l, max: maxKeys, keys: map[string]*list.Element{}}
}

// allow takes a token from key's bucket; if there is none, it says how
// long until there is.
func (l *Limiter) allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.keys[key]
	if e == nil {
		if l.lru.Len() >= l.max {
			old := l.lru.Back()
			l.lru.Remove(old)
			delete(l.keys, old.Value.(*bucket).key)
		}
		e = l.lru.PushFront(&bucket{key: key, b: rate.NewLimiter(rate.Every(l.Every), l.Burst)})
		l.keys[key] = e
	} else {
		l.lru.MoveToFront(e)
	}
	b := e.Value.(*bucket).b
	if b.AllowN(now, 1) {
		return true, 0
	}
	return false, time.Duration((1 - b.TokensAt(now)) * float64(l.Every))
}

// Take takes a token from the address's bucket first, then from key's
// (if key is not empty): an address out of tokens never reaches the
// keys' table, so that it cannot crowd out the keys of others. Out of
// tokens, it is ErrTooMany with the time to wait, in words that say what
// was limited ("sign-in attempts").
func Take(byAddr, byKey *Limiter, addr, key string, now time.Time, what string) error {
	if ok, wait := byAddr.allow(addr, now); !ok {
		return RetryAfter(Refuse(ErrTooMany, "too many %s from this address; try again in %d s", what, Seconds(wait)), wait)
	}
	if key == "" {
		return nil
	}
	if ok, wait := byKey.allow(key, now); !ok {
		return RetryAfter(Refuse(ErrTooMany, "too many %s; try again in %d s", what, Seconds(wait)), wait)
	}
	return nil
}
