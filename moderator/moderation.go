package moderator

import (
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/store"
)

// Moderation decides what each mail and each turn does to a campaign.
type Moderation struct {
	db      *store.DB
	rules   *game.Registry
	address string
	domain  string
	clock   clock.Clock
	rand    io.Reader
	log     *slog.Logger
	host    host
	// turns caches the decoded open turns, and campaigns every
	// campaign's record, read-only.
	Turns     turnCache
	Campaigns campaignCache
}

// host is what the moderation needs of the daemon that runs it.
type host interface {
	// unauthenticatedOver counts a mail without its sender's token, and
	// reports whether the sender is over the hourly limit (limits.go).
	unauthenticatedOver(from string, rec *store.MessageRecord) bool
}

// ruleset returns the ruleset a campaign runs.
func (m *Moderation) Ruleset(c *store.Campaign) (game.Ruleset, error) {
	rs, err := m.rules.Lookup(c.Rules)
	if err != nil {
		return nil, fmt.Errorf("campaign %s: %w", c.ID, err)
	}
	return rs, nil
}

// cite names the rule of campaign c's ruleset on topic t, for its texts
// to cite, or "" if its rules have none (game.Cite): an Empires at War
// player reads no Thunderdome IV rule.
func (m *Moderation) cite(c *store.Campaign, t game.Topic) string {
	if rs, err := m.Ruleset(c); err == nil {
		return game.Cite(rs, t)
	}
	return ""
}

// decision is what to do with a mail.
type Decision struct {
	// Mails are the answers: the reply to the sender first, then any
	// announcements.
	Mails []Outgoing
	Filed *filing
	// Apply makes the change a request asked for, inside the commit's
	// transaction; nil for none.
	Apply func(tx *store.Tx) error
	// Secret is the token the mail carried, masked in the stored copy.
	Secret string
	// Limited is set when the sender is over their hourly limit.
	Limited bool
	// Resolved is the turn apply resolves, if it does.
	Resolved *Resolution
	// alertsDue is when the summary of alerts to a GM that apply holds
	// back falls due; zero if it holds none back.
	AlertsDue time.Time
}
