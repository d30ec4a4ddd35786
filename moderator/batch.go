package moderator

import (
	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/workflow"
)

// scope is what deciding a mail may read that the commit of another
// mail's outcome may change, while that outcome waits to be committed
// with others (HandleBatch). Such outcomes change only the orders on file
// of one seat, besides the mail's own record and answers: a mail whose
// outcome changes more is committed alone, before the next is decided.
// So a mail's scope is the seats whose orders on file it may read, or
// whole campaigns.
type scope struct {
	// all is set for a mail that may read anything.
	all bool
	// campaigns are the campaigns the mail may read every seat's orders
	// of: the GM's, and a player's request, such as a status or a
	// resignation, which reads what the turn waits on.
	campaigns map[campaign.ID]bool
	// seats are the seats whose orders on file the mail may read:
	// orders from a player or a proxy read those of every seat the
	// address holds or acts for.
	seats map[seatKey]bool
	// messageIDs are the mails' own: a mail seen again is skipped once
	// the first is committed.
	messageIDs map[string]bool
}

// seatKey names one seat of one campaign.
type seatKey struct {
	campaign campaign.ID
	player   campaign.PlayerID
}

func newScope() *scope {
	return &scope{campaigns: map[campaign.ID]bool{}, seats: map[seatKey]bool{}, messageIDs: map[string]bool{}}
}

// scopeOf finds the scope of a mail from who: the orders on file of the
// seats its sender holds or acts for, when it is orders only; else the
// whole of every campaign its sender plays or runs; and everything for a
// reply to a GM address, which names its campaign only in its token.
func (m *Moderator) scopeOf(in *mail.Inbound, who *workflow.Sender) *scope {
	s := newScope()
	s.messageIDs[in.MessageID] = true
	if m.ReplyToken(in) != "" {
		s.all = true
		return s
	}
	for _, c := range who.GMs {
		s.campaigns[c.ID] = true
	}
	sub := who.Sub
	ordersOnly := sub != nil && who.ParseErr == nil && sub.Command == nil && sub.Extension == nil && sub.Battle == nil
	for _, st := range who.Seats {
		if ordersOnly {
			s.seats[seatKey{st.Campaign.ID, st.Seat.Player}] = true
		} else {
			s.campaigns[st.Campaign.ID] = true
		}
	}
	return s
}

// overlaps reports whether two scopes share anything: then the mail of
// one must not be decided before the outcome of the other is committed.
func (s *scope) overlaps(o *scope) bool {
	if s.all || o.all {
		return true
	}
	for id := range s.messageIDs {
		if o.messageIDs[id] {
			return true
		}
	}
	return s.reaches(o) || o.reaches(s)
}

// reaches reports whether a campaign or seat of s is, or holds, one of o.
func (s *scope) reaches(o *scope) bool {
	for k := range s.seats {
		if o.seats[k] || o.campaigns[k.campaign] {
			return true
		}
	}
	for c := range s.campaigns {
		if o.campaigns[c] {
			return true
		}
	}
	return false
}

// add widens s to hold o too.
func (s *scope) add(o *scope) {
	s.all = s.all || o.all
	for k := range o.seats {
		s.seats[k] = true
	}
	for c := range o.campaigns {
		s.campaigns[c] = true
	}
	for id := range o.messageIDs {
		s.messageIDs[id] = true
	}
}
