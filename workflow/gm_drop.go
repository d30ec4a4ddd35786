package workflow

import (
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmDrop takes a player out of the campaign now; the ruleset's report
// tells everyone, citing its rule.
func (m *Moderation) gmDrop(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	s, missing := seatArg(c, strings.TrimSpace(r.Sub.Command.Args))
	switch {
	case missing != nil:
		missing.Drop = true
		return r.refuse(missing)
	case !s.Active():
		return r.refuse(report.AlreadyOut{Player: s.Player, Out: s.Out})
	case c.Status == store.Ended:
		return r.refuse(report.CampaignEnded{Campaign: c.ID})
	}
	why := report.Say(report.DroppedByGM{})
	s.Leave(why, c.Turn)
	mails := m.droppedMails(c, s, why, r.In.MessageID)
	apply := Steps(putCampaign(c, c.Turn, audit), editState(c.ID, c.Turn, "the GM dropped "+string(s.Player), func(st *campaign.State) { st.Drop(s.Player, why) }))
	return r.done("drop", m.answer(r, report.DropAnswer{Player: s.Player, Title: c.Title}), Decision{Mails: mails[:1], Apply: apply})
}

// droppedMails tells a dropped player, and the GM, that the player is out.
// base makes their Message-IDs.
func (m *Moderation) droppedMails(c *store.Campaign, s *store.Seat, why, base string) []Outgoing {
	bye := m.MailText(c.ID, s.Email, report.Dropped{Title: c.Title, Why: why}, m.derivedID(base, "dropped", s.Email))
	bye.AutoSubmitted = "auto-generated"
	gm := m.ToGM(c, base, "dropped", report.DroppedGM{Player: s.Player, Title: c.Title, Why: why})
	return []Outgoing{{Msg: bye, Campaign: string(c.ID), Purpose: "dropped"}, gm}
}
