package workflow

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// setMailPrefs carries out a player's command: mail: it changes the
// preferences the mail names on the player's seat, and answers with those
// now on file and how to change them. A digest where it could never hold
// a report is refused, and nothing changes.
func (m *Moderation) setMailPrefs(r *request) (Decision, error) {
	c, s := r.c, r.seat
	prefs := r.Sub.Command.Mail.Apply(s.Mail)
	if prefs.Digest != "" && s.Mail.Digest == "" {
		if why := m.digestUseless(c); why != nil {
			return r.refuseAt("digest", why)
		}
	}
	held := 0
	if s.Mail.Digest != "" && prefs.Digest == "" {
		err := m.db.View(func(tx *store.Tx) error {
			all, err := tx.HeldReports(c.ID)
			for _, h := range all {
				if h.Player == s.Player {
					held++
				}
			}
			return err
		})
		if err != nil {
			return Decision{}, err
		}
	}
	answer := m.answer(r, report.MailPrefsAnswer{Title: c.Title, Prefs: prefs, Location: SeatLocation(c, s), Held: held})
	return r.done("mail", answer, Decision{Apply: putMailPrefs(c.ID, *s, prefs)})
}

// putMailPrefs returns an apply step that stores a seat's new mail
// preferences. A seat handed to another address meanwhile is an error, so
// the mail is read again, and then refused for its token.
func putMailPrefs(id campaign.ID, s store.Seat, prefs campaign.MailPrefs) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err != nil {
			return err
		}
		cur := c.Seat(s.Player)
		if cur == nil || cur.Email != s.Email {
			return fmt.Errorf("set mail preferences of %s in %s: the seat changed hands", s.Player, id)
		}
		cur.Mail = prefs
		return tx.PutCampaign(c)
	}
}

// digestUseless says why a daily digest could never hold a report in a
// campaign, or nil if it could. Where no turn lasts more than a day (the
// longest gap between two deadlines), every report opens a turn due within
// a day, and such a report goes at once.
func (m *Moderation) digestUseless(c *store.Campaign) report.Text {
	if c.Status == store.Ended {
		return report.DigestEnded{Title: c.Title}
	}
	if longest := LongestTurn(c.Schedule, m.clock.Now()); longest > 0 && longest <= DigestLead {
		return report.DigestUseless{Title: c.Title}
	}
	return nil
}
