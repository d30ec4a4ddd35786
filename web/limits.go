package web

import (
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/pbemd/pbemd/internal/clock"
)

// Limits bound the requests of one link and of one address: a steady rate
// per second and a burst above it.
type Limits struct {
	LinkRate, AddressRate   rate.Limit
	LinkBurst, AddressBurst int
}

// defaultLimits let a player load their page and build orders at will
// (a page takes five requests, and the builder checks each change once the
// player pauses), and hold one address to what a few players behind one
// router need.
var defaultLimits = Limits{LinkRate: 2, LinkBurst: 40, AddressRate: 10, AddressBurst: 120}

// maxLimiters bounds how many links and addresses the limits remember.
const maxLimiters = 20000

// limiters keeps a token bucket per link and per address.
type limiters struct {
	limits Limits
	clock  clock.Clock
	mu     sync.Mutex
	byKey  map[string]*rate.Limiter
}

func newLimiters(l Limits, clk clock.Clock) *limiters {
	return &limiters{limits: l, clock: clk, byKey: map[string]*rate.Limiter{}}
}

// allow takes a request from key's bucket ("link ..." or "addr ..."), and
// reports whether there was one.
func (ls *limiters) allow(key string) bool {
	now := ls.clock.Now()
	ls.mu.Lock()
	defer ls.mu.Unlock()
	l := ls.byKey[key]
	if l == nil {
		if len(ls.byKey) >= maxLimiters {
			ls.sweep(now)
		}
		r, b := ls.limits.AddressRate, ls.limits.AddressBurst
		if key[0] == 'l' {
			r, b = ls.limits.LinkRate, ls.limits.LinkBurst
		}
		l = rate.NewLimiter(r, b)
		ls.byKey[key] = l
	}
	return l.AllowN(now, 1)
}

// sweep forgets the buckets that are full again, idle long enough to have
// their whole burst back, which is the same as forgetting them; if none
// is, it forgets them all rather than grow without bound.
func (ls *limiters) sweep(now time.Time) {
	for k, l := range ls.byKey {
		if l.TokensAt(now) >= float64(l.Burst()) {
			delete(ls.byKey, k)
		}
	}
	if len(ls.byKey) >= maxLimiters {
		clear(ls.byKey)
	}
}
