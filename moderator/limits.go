package moderator

import (
	"sync"
	"time"

	"github.com/pbemd/pbemd/store"
)

// Limits bound how much mail the daemon reads and keeps. Zero values take
// the defaults.
type Limits struct {
	// SenderMailsPerHour is how many mails carrying its own token (a
	// seat's, or the GM's) one address may send in an hour. The first mail
	// over the limit gets a polite answer; later ones within the hour are
	// not read.
	SenderMailsPerHour int
	// UnauthenticatedMailsPerHour is how many mails without a token of
	// their sender's (none, a wrong one, or no text to find one in) are
	// answered per address in an hour. Anyone can forge a From line, so
	// these never count against the address's own limit, and past this
	// one they are dropped unanswered: a forger can neither lock a player
	// out nor make pbemd flood the player with replies.
	UnauthenticatedMailsPerHour int
	// IgnoredMailsPerHour is how many unanswered mails (strangers,
	// bounces, auto-replies) are kept with their header in an hour; past
	// it only their Message-IDs are kept, so a flood cannot fill the disk.
	IgnoredMailsPerHour int
}

// Default limits.
const (
	DefaultSenderMailsPerHour          = 30
	DefaultUnauthenticatedMailsPerHour = 5
	DefaultIgnoredMailsPerHour         = 200
)

func (l Limits) withDefaults() Limits {
	if l.SenderMailsPerHour <= 0 {
		l.SenderMailsPerHour = DefaultSenderMailsPerHour
	}
	if l.UnauthenticatedMailsPerHour <= 0 {
		l.UnauthenticatedMailsPerHour = DefaultUnauthenticatedMailsPerHour
	}
	if l.IgnoredMailsPerHour <= 0 {
		l.IgnoredMailsPerHour = DefaultIgnoredMailsPerHour
	}
	return l
}

// countSender counts a mail that proves its sender against the address's
// hourly limit (workflow.Config.CountSender).
func (m *Moderator) countSender(from string) (n, limit int, until time.Time) {
	n, until = m.senders.add(from, m.clock.Now())
	return n, m.limits.SenderMailsPerHour, until
}

// unauthenticatedOver counts a mail that does not prove who sent it and
// says whether it is over the hourly limit for such mail from its address.
// Then rec says it was ignored, and nothing it would cause (an answer, an
// alert to the GM) happens.
func (m *Moderator) unauthenticatedOver(from string, rec *store.MessageRecord) bool {
	n, _ := m.unauthenticated.add(from, m.clock.Now())
	if n <= m.limits.UnauthenticatedMailsPerHour {
		return false
	}
	if n == m.limits.UnauthenticatedMailsPerHour+1 {
		m.log.Warn("mail without the sender's token over the hourly limit; more from the address goes unanswered this hour",
			"from", from, "limit", m.limits.UnauthenticatedMailsPerHour)
	}
	rec.Outcome, rec.Detail = store.Ignored, "no token of the sender's, over the hourly limit for such mail"
	return true
}

// window counts events in the last hour, by key. It lives in memory: a
// restart forgets it, which only ever lets more mail through.
type window struct {
	mu     sync.Mutex
	events map[string][]time.Time
}

// add records an event for key at now and returns how many the key had
// in the hour up to now, this one included, and when the oldest of them
// leaves the window.
func (w *window) add(key string, now time.Time) (int, time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.events == nil {
		w.events = map[string][]time.Time{}
	}
	cut := now.Add(-time.Hour)
	kept := w.events[key][:0]
	for _, t := range w.events[key] {
		if t.After(cut) {
			kept = append(kept, t)
		}
	}
	kept = append(kept, now)
	w.events[key] = kept
	// Forget keys gone quiet, so strangers' addresses do not pile up.
	if len(w.events) > 10000 {
		for k, ts := range w.events {
			if len(ts) == 0 || !ts[len(ts)-1].After(cut) {
				delete(w.events, k)
			}
		}
	}
	return len(kept), kept[0].Add(time.Hour)
}
