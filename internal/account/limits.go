package account

import (
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
)

// Sign-in limits: each name may be tried 5 times, then once a minute;
// each address 20 times, then once every 10 s (addresses share names
// behind one NAT, names are what an attacker aims at). Sign-ups take
// from the address's bucket too.
var (
	nameLimit = httpapi.Limit{Every: time.Minute, Burst: 5}
	addrLimit = httpapi.Limit{Every: 10 * time.Second, Burst: 20}
)

// The player search answers a name being typed: at most 10 names, for a
// prefix of at most 64 characters; each address may ask 60 times, then
// twice a second (a keystroke each).
const (
	searchNames     = 10
	searchPrefixMax = 64
)

var searchAddrLimit = httpapi.Limit{Every: 500 * time.Millisecond, Burst: 60}

// limits are the accounts' limits, each a token bucket per key (see
// limits.go): the sign-ins and sign-ups by name and by address, the
// searches of names by address.
type limits struct {
	byName, byAddr, searchAddr *httpapi.Limiter
}

func newLimits() limits {
	return limits{byName: httpapi.NewLimiter(nameLimit), byAddr: httpapi.NewLimiter(addrLimit), searchAddr: httpapi.NewLimiter(searchAddrLimit)}
}

// nameKeyOf is the key of a name's sign-in limit: the name as the store
// finds it (NameKey: any case, any width), bounded in length.
func nameKeyOf(name string) string {
	if len(name) > 128 {
		name = name[:128]
	}
	return NameKey(name)
}
