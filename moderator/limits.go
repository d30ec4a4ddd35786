package moderator

import (
	"sync"
	"time"
)

// Limits bound how much mail the daemon reads and keeps. Zero values take
// the defaults.
type Limits struct {
	// SenderMailsPerHour is how many mails one player or GM address may
	// send in an hour. The first mail over the limit gets a polite answer;
	// later ones within the hour are not read.
	SenderMailsPerHour int
	// IgnoredMailsPerHour is how many unanswered mails (strangers,
	// bounces, auto-replies) are kept with their header in an hour; past
	// it only their Message-IDs are kept, so a flood cannot fill the disk.
	IgnoredMailsPerHour int
}

// Default limits.
const (
	DefaultSenderMailsPerHour  = 30
	DefaultIgnoredMailsPerHour = 200
)

func (l Limits) withDefaults() Limits {
	if l.SenderMailsPerHour <= 0 {
		l.SenderMailsPerHour = DefaultSenderMailsPerHour
	}
	if l.IgnoredMailsPerHour <= 0 {
		l.IgnoredMailsPerHour = DefaultIgnoredMailsPerHour
	}
	return l
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
