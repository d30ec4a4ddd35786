package moderator

import (
	"io"
	"log/slog"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
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
	turns     turnCache
	campaigns campaignCache
}

// host is what the moderation needs of the daemon that runs it.
type host interface {
	// withAlert adds to d an alert to the GM of c about mail in, or holds
	// it back for the hourly summary (alerts.go).
	withAlert(d decision, c *store.Campaign, in *mail.Inbound, what report.Text, proven bool) (decision, error)
	// unauthenticatedOver counts a mail without its sender's token, and
	// reports whether the sender is over the hourly limit (limits.go).
	unauthenticatedOver(from string, rec *store.MessageRecord) bool
}
