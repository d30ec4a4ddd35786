package campaign

import (
	"slices"
	"time"
)

// MailPrefs is how a player wants their report mails, kept per seat. The
// zero value is the default: text and HTML with the map, every attachment,
// and each report at once.
type MailPrefs struct {
	// TextOnly sends reports as plain text alone: no HTML part, no map.
	TextOnly bool `json:"text_only,omitempty"`
	// Without lists the attachments the player turned off.
	Without []Attachment `json:"without,omitempty"`
	// Digest is the local time of day, "HH:MM" in the player's time zone,
	// of the daily digest that gathers the player's reports; empty sends
	// each report at once.
	Digest string `json:"digest,omitempty"`
}

// Attachment names a file a report mail may carry.
type Attachment string

// The attachments of a report mail, as players name them.
const (
	AttachJSON    Attachment = "json"    // the JSON report
	AttachOrders  Attachment = "orders"  // the next turn's order template
	AttachSchema  Attachment = "schema"  // the order language's JSON Schema
	AttachBattles Attachment = "battles" // the logs of the battles fought
)

// Attachments lists every attachment, in the order a report mail carries
// them.
var Attachments = []Attachment{AttachJSON, AttachOrders, AttachSchema, AttachBattles}

// DefaultDigestTime is when a daily digest goes out if the player names no
// time: early morning, so it waits when they wake.
const DefaultDigestTime = "06:00"

// Attaches reports whether report mails carry the attachment a.
func (p MailPrefs) Attaches(a Attachment) bool { return !slices.Contains(p.Without, a) }

// Attached lists the attachments report mails carry, in their order.
func (p MailPrefs) Attached() []Attachment {
	return slices.DeleteFunc(slices.Clone(Attachments), func(a Attachment) bool { return !p.Attaches(a) })
}

// NextDigest returns the first digest time after t, in loc; zero if the
// player has no digest.
func (p MailPrefs) NextDigest(t time.Time, loc *time.Location) time.Time {
	if p.Digest == "" {
		return time.Time{}
	}
	h, m, err := parseClock(p.Digest)
	if err != nil {
		h, m, _ = parseClock(DefaultDigestTime)
	}
	local := t.In(loc)
	at := time.Date(local.Year(), local.Month(), local.Day(), h, m, 0, 0, loc)
	if !at.After(t) {
		d := local.AddDate(0, 0, 1)
		at = time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, loc)
	}
	return at
}

// ParseDigestTime reads a digest's local time of day, "HH:MM".
func ParseDigestTime(s string) (string, error) {
	h, m, err := parseClock(s)
	if err != nil {
		return "", err
	}
	return time.Date(0, 1, 1, h, m, 0, 0, time.UTC).Format("15:04"), nil
}
