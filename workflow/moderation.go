package workflow

import (
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/pbemd/pbemd/campaign"
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
	// unauthenticatedOver and countSender are Config's.
	unauthenticatedOver func(from string, rec *store.MessageRecord) bool
	countSender         func(from string) (n, limit int, until time.Time)
	// pages is Config.Pages.
	pages *Pages
	// Turns caches the decoded open turns of the campaigns that had mail
	// last, and Campaigns every campaign's record, read-only.
	Turns     *turnCache
	Campaigns campaignCache
}

// Config is what a Moderation reads and whom it writes as. Every field is
// required but the turn cache's.
type Config struct {
	DB    *store.DB
	Rules *game.Registry
	// Address is the moderator's own address, lower case: every mail
	// comes from it, and Domain, its domain, ends every Message-ID.
	Address, Domain string
	Clock           clock.Clock
	// Rand is the source of tokens.
	Rand io.Reader
	Log  *slog.Logger
	// TurnCache is how many campaigns' open turns are kept decoded, those
	// read most recently (0: DefaultTurnCache), and TurnCacheRead hears
	// whether each read found its turn there (nil: nobody).
	TurnCache     int
	TurnCacheRead func(hit bool)
	// UnauthenticatedOver counts a mail without its sender's token, and
	// reports whether the sender is over the hourly limit for such mail,
	// which then goes unanswered: the daemon keeps that count.
	UnauthenticatedOver func(from string, rec *store.MessageRecord) bool
	// CountSender counts a mail that proves its sender (a token of
	// theirs, or their mail server's word): n is how many the address
	// sent in the hour up to now, this one included, limit how many an
	// hour are answered, and until when the oldest of them leaves the
	// hour. The daemon keeps that count.
	CountSender func(from string) (n, limit int, until time.Time)
	// Pages makes the links to the players' web pages that report mails
	// give; nil where the daemon serves no pages.
	Pages *Pages
}

// New returns a Moderation.
func New(c Config) *Moderation {
	size := c.TurnCache
	if size == 0 {
		size = DefaultTurnCache
	}
	return &Moderation{db: c.DB, rules: c.Rules, address: c.Address, domain: c.Domain, clock: c.Clock, rand: c.Rand, log: c.Log,
		unauthenticatedOver: c.UnauthenticatedOver, countSender: c.CountSender, pages: c.Pages, Turns: newTurnCache(size, c.TurnCacheRead)}
}

// Ruleset returns the ruleset a campaign runs.
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

// Decision is what to do with a mail.
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
	// AlertsDue is when the summary of alerts to a GM that apply holds
	// back falls due; zero if it holds none back.
	AlertsDue time.Time
}

// filing is orders to put on file.
type filing struct {
	Campaign campaign.ID
	*store.OrdersRecord
}
