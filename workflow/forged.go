package workflow

import (
	"fmt"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

const (
	// forgedNoticeEvery is how often at most a player and the GM hear of
	// forged mail in one name.
	forgedNoticeEvery = 24 * time.Hour
	// forgedAuditsPerNotice is how many forged mails in one name the audit
	// log lists one by one between two notices; the rest are only counted,
	// so a flood cannot push the GM's own decisions out of the log.
	forgedAuditsPerNotice = 3
)

// forgedName is a name forged mail is in: a seat's player, or a
// campaign's GM when seat is nil.
type forgedName struct {
	c    *store.Campaign
	seat *store.Seat
}

// key names the forgery record; player IDs hold no '/', so no player's
// key is the GM's.
func (n forgedName) key() string {
	if n.seat == nil {
		return "gm/"
	}
	return "player/" + string(n.seat.Player)
}

func (n forgedName) String() string {
	if n.seat == nil {
		return "the GM"
	}
	return string(n.seat.Player)
}

// forged drops a mail that its From domain says it did not send
// (mail.Forged), before anything else looks at it: no answer, nothing
// counted against the address it names, an entry in the audit log of
// every campaign the address plays or is the GM in, and a notice to the
// player and the GM at most once a day per name.
func (m *Moderation) forged(ml *Mail) (Decision, error) {
	in, rec := ml.In, ml.Rec
	rec.Outcome, rec.Detail = store.Ignored, "forged From: "+in.Auth.Reason
	names, err := m.forgedNames(in.From)
	if err != nil || len(names) == 0 {
		return Decision{}, err
	}
	if len(names) == 1 {
		rec.Campaign = string(names[0].c.ID)
	}
	now := m.clock.Now().UTC()
	var (
		d       Decision
		updates []func(tx *store.Tx) error
	)
	err = m.db.View(func(tx *store.Tx) error {
		for _, n := range names {
			f, err := tx.Forgery(n.c.ID, n.key())
			if err != nil {
				return err
			}
			told, next, notice := tally(*f, now)
			if notice {
				d.Mails = append(d.Mails, m.forgedNotices(in, n, told)...)
			}
			updates = append(updates, m.recordForgery(in, n, told, next, notice))
		}
		return nil
	})
	d.Apply = Steps(updates...)
	return d, err
}

// forgedNames returns the names an address has in campaigns that have not
// ended: its seats, and the campaigns it is the GM of.
func (m *Moderation) forgedNames(addr string) ([]forgedName, error) {
	seats, err := m.seatsOf(addr)
	if err != nil {
		return nil, err
	}
	gms, err := m.gmCampaigns(addr)
	if err != nil {
		return nil, err
	}
	var names []forgedName
	for _, s := range seats {
		if s.Campaign.Status != store.Ended {
			names = append(names, forgedName{c: s.Campaign, seat: s.Seat})
		}
	}
	for _, c := range gms {
		if c.Status != store.Ended {
			names = append(names, forgedName{c: c})
		}
	}
	return names, nil
}

// tally counts a forged mail that arrived at now into f. It returns what
// the player and GM are told now, if notice is set (the first forged mail
// in the name, or the first a day or more after they were last told), and
// the record to keep.
func tally(f store.Forgery, now time.Time) (told, next store.Forgery, notice bool) {
	f.Count++
	if f.First.IsZero() {
		f.First = now
	}
	f.Last = now
	if !f.Noticed.IsZero() && now.Before(f.Noticed.Add(forgedNoticeEvery)) {
		return f, f, false
	}
	return f, store.Forgery{Noticed: now}, true
}

// recordForgery returns the step that keeps a name's forgery record and
// writes the audit entry for the mail, unless the mails since the last
// notice are past forgedAuditsPerNotice.
func (m *Moderation) recordForgery(in *mail.Inbound, n forgedName, told, next store.Forgery, notice bool) func(tx *store.Tx) error {
	return func(tx *store.Tx) error {
		if err := tx.PutForgery(n.c.ID, n.key(), &next); err != nil {
			return err
		}
		detail := fmt.Sprintf("mail <%s> with the address of %s (%s) dropped unanswered: %s", in.MessageID, n, in.From, in.Auth.Reason)
		switch {
		case notice && n.seat != nil:
			detail += fmt.Sprintf("; %s and the GM told of %d forged mail(s) since %s", n, told.Count, UTCStamp(told.First))
		case notice:
			detail += fmt.Sprintf("; the GM told of %d forged mail(s) since %s", told.Count, UTCStamp(told.First))
		case told.Count == forgedAuditsPerNotice:
			detail += "; more forged mail in this name is counted, not listed, until the next notice"
		case told.Count > forgedAuditsPerNotice:
			return nil
		}
		return WriteAudit(tx, n.c.ID, store.AuditEntry{At: told.Last, Who: "pbemd", Action: "forged mail", Detail: detail})
	}
}

// forgedNotices tells the person a forged name belongs to, and the GM if
// that is a player, how much forged mail arrived in it and when; never
// what it said.
func (m *Moderation) forgedNotices(in *mail.Inbound, n forgedName, told store.Forgery) []Outgoing {
	c := n.c
	// The same mail may name several seats and GMs, and a GM may hold a
	// seat with the same address: each notice has its own Message-ID.
	incoming := in.MessageID + "\x00" + n.key()
	notice := func(to string, loc *time.Location, toGM bool) Outgoing {
		var player campaign.PlayerID
		if n.seat != nil {
			player = n.seat.Player
		}
		subject, text := report.RenderForgedNotice(&report.ForgedNotice{
			Title: c.Title, Campaign: c.ID, Address: in.From, Player: player, ToGM: toGM,
			Count: told.Count, First: report.FormatDeadline(told.First, loc), Latest: report.FormatDeadline(told.Last, loc),
			Check: in.Auth.Reason,
		})
		purpose := "forged"
		if toGM {
			purpose = "forged-gm"
		}
		msg := m.NewMail(to, subject, text, m.derivedID(incoming, purpose, to))
		msg.AutoSubmitted = "auto-generated"
		return Outgoing{Msg: msg, Campaign: string(c.ID), Purpose: "forged"}
	}
	gm := notice(c.GM.Email, CampaignLocation(c), n.seat != nil)
	if n.seat == nil {
		return []Outgoing{gm}
	}
	return []Outgoing{notice(n.seat.Email, SeatLocation(c, n.seat), false), gm}
}
