package workflow

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// Sender is who a mail's From line names, and the mail's text read as
// their orders: found once, for what the mail may read (the daemon's
// batches) and for its decision.
type Sender struct {
	// Seats are the seats the address holds or acts for, and GMs the
	// campaigns it runs.
	Seats []SenderSeat
	GMs   []*store.Campaign
	// Sub and ParseErr are orders.Parse's reading of a readable text
	// from a player or a GM; nil and nil for any other mail.
	Sub      *orders.Submission
	ParseErr error
}

// SenderOf finds the seats a mail's sender holds or acts for and the
// campaigns they run, and reads the mail's text as their orders.
func (m *Moderation) SenderOf(in *mail.Inbound) (*Sender, error) {
	seats, err := m.seatsOf(in.From)
	if err != nil {
		return nil, err
	}
	gms, err := m.gmCampaigns(in.From)
	if err != nil {
		return nil, err
	}
	who := &Sender{Seats: seats, GMs: gms}
	if (len(seats) > 0 || len(gms) > 0) && in.Unreadable == "" && len(bytes.TrimSpace(in.Text)) > 0 {
		who.Sub, who.ParseErr = orders.Parse(in.Text, m.kindsOf(seats, gms))
	}
	return who, nil
}

// Decide classifies a mail, authenticates its sender and decides what it
// does: it checks orders, carries out a request or a GM's verb, or
// ignores the mail. It fills rec's outcome and returns the answer; it
// writes nothing. An error (the store failed) means no decision: the mail
// is tried again.
func (m *Moderation) Decide(in *mail.Inbound, rec *store.MessageRecord, who *Sender) (Decision, error) {
	ignore := func(why string) (Decision, error) {
		rec.Outcome, rec.Detail = store.Ignored, why
		return Decision{}, nil
	}
	ml := &Mail{In: in, Rec: rec, Seats: who.Seats, GMs: who.GMs, Sub: who.Sub}
	switch {
	case in.Bounce:
		return ignore("bounce")
	case in.Automatic:
		return ignore("automatic mail (RFC 3834)")
	case in.From == "" || in.From == m.address:
		return ignore("no usable sender")
	case in.Auth.Verdict == mail.Forged:
		return m.forged(ml)
	}
	if token := m.ReplyToken(in); token != "" {
		if d, handled, err := m.handleApproval(ml, token); handled || err != nil {
			return d, err
		}
	} else if d, handled, err := m.misaddressedVerdict(ml); handled || err != nil {
		return d, err
	}
	if len(ml.Seats) == 0 && len(ml.GMs) == 0 {
		return m.stranger(ml)
	}
	ml.Reject = m.rejecter(ml)
	return m.decideKnown(ml, who.ParseErr)
}

// rejecter answers ml with a rejection for campaign c, and fills in its
// record: the rejection quotes nothing of the token the mail carried.
func (m *Moderation) rejecter(ml *Mail) RejectFunc {
	return func(c campaign.ID, r *report.Rejection) (Decision, error) {
		var secret string // the token the mail carried, never to be quoted
		if ml.Sub != nil {
			secret = ml.Sub.Token
		}
		r.Campaign = c
		r.Added = r.Added || m.addsOrders(c, ml.Seats)
		r.Secrets = append(r.Secrets, secret)
		ml.Rec.Outcome, ml.Rec.Campaign = store.Rejected, string(c)
		ml.Rec.Detail = r.Reason
		if len(r.Problems) > 0 {
			ml.Rec.Detail = r.Problems.Error()
		}
		subject, text := report.RenderRejection(r)
		o := Outgoing{Msg: m.Reply(ml.In, subject, text), Campaign: string(c), Purpose: "rejection"}
		return Decision{Mails: []Outgoing{o}, Secret: secret}, nil
	}
}

// decideKnown decides on a mail from an address that plays or runs a
// campaign here; parseErr is why its text could not be read, if it could
// not.
func (m *Moderation) decideKnown(ml *Mail, parseErr error) (Decision, error) {
	in, seats, gms, sub := ml.In, ml.Seats, ml.GMs, ml.Sub
	if d, over, err := m.senderOver(ml); over || err != nil {
		return limited(d, err)
	}
	if in.Unreadable != "" || len(strings.TrimSpace(string(in.Text))) == 0 {
		reason := in.Unreadable
		if reason == "" {
			reason = report.Say(report.NoOrders{})
		}
		return ml.Reject(soleCampaign(seats), &report.Rejection{Reason: reason})
	}
	if d, misused, err := m.misusedGMToken(ml); misused || err != nil {
		return d, err
	}
	if c, s, err := m.leakedSeat(in, sub); c != nil || err != nil {
		if err != nil {
			return Decision{}, err
		}
		return m.tokenLeaked(ml, c, s)
	}
	if parseErr != nil {
		r := problemsRejection(parseErr, in)
		if err := m.ownExample(r, seats, gms); err != nil {
			return Decision{}, err
		}
		return ml.Reject(soleCampaign(seats), r)
	}
	if sub.Command != nil || sub.Extension != nil || sub.Battle != nil {
		d, err := m.handleRequest(ml)
		return copyPlayer(d, ml), err
	}
	if len(seats) == 0 {
		return ml.Reject("", &report.Rejection{Reason: report.Say(report.GMSentOrders{Campaigns: campaignIDs(gms), Campaign: gms[0].ID})})
	}
	d, err := m.checkOrders(ml)
	return copyPlayer(d, ml), err
}

// kindsOf finds, for orders.Parse, the order kinds of the campaign a
// mail names among those its sender plays or runs; for a campaign that is
// none of them, those of the sender's first, so that the reply lists
// every mistake in the orders before it names the campaigns the sender
// plays. A campaign whose ruleset this pbemd lacks is left out: its mail
// fails where it is handled.
func (m *Moderation) kindsOf(seats []SenderSeat, gms []*store.Campaign) orders.KindsOf {
	camps := make([]*store.Campaign, 0, len(seats)+len(gms))
	for _, s := range seats {
		camps = append(camps, s.Campaign)
	}
	camps = append(camps, gms...)
	var ids []campaign.ID
	var kinds []orders.Kinds
	for _, c := range camps {
		if rs, err := m.Ruleset(c); err == nil {
			ids, kinds = append(ids, c.ID), append(kinds, rs.Kinds())
		}
	}
	return func(id campaign.ID) (orders.Kinds, error) {
		if len(kinds) == 0 {
			return nil, errors.New(report.Say(report.NoCampaignHere{Campaign: id}))
		}
		if i := slices.Index(ids, id); i >= 0 {
			return kinds[i], nil
		}
		return kinds[0], nil
	}
}

// addsOrders reports whether campaign id, one of seats', plays one
// player at a time, a turn in several mails (game.Sequential): a mail's
// orders are added to those on file, so a rejected mail's are sent again
// alone.
func (m *Moderation) addsOrders(id campaign.ID, seats []SenderSeat) bool {
	i := slices.IndexFunc(seats, func(s SenderSeat) bool { return s.Campaign.ID == id })
	if i < 0 {
		return false
	}
	rs, err := m.Ruleset(seats[i].Campaign)
	_, sequential := rs.(game.Sequential)
	return err == nil && sequential
}

// stranger handles mail from an address that plays in no campaign: it is
// never answered. If it carries a player's token, the player and the GM
// are told (tokenLeaked); if it tries a command in a campaign, that
// campaign's GM is (withAlert).
func (m *Moderation) stranger(ml *Mail) (Decision, error) {
	in, rec := ml.In, ml.Rec
	rec.Outcome, rec.Detail = store.Ignored, "sender plays in no campaign"
	sub, _ := orders.Parse(in.Text, m.kindsOf(nil, nil))
	if c, s, err := m.leakedSeat(in, sub); c != nil || err != nil {
		if err != nil {
			return Decision{}, err
		}
		return m.tokenLeaked(ml, c, s)
	}
	if in.Unreadable != "" || sub == nil || (sub.Command == nil && sub.Extension == nil && sub.Battle == nil) {
		return Decision{}, nil
	}
	c, err := m.CampaignByID(sub.Campaign)
	if err != nil || c == nil {
		return Decision{}, err
	}
	rec.Campaign = string(c.ID)
	alert := report.StrangerAlert{From: in.From, Campaign: c.ID}
	if sub.Command != nil {
		alert.Verb = sub.Command.Verb
	}
	return m.withAlert(Decision{}, c, in, alert, false)
}

// senderOver counts a mail from a player's or GM's address against the
// hourly limit it falls under, and says whether it is over: then the
// decision is the polite answer to the first mail over the sender's
// limit, or none. Mail that proves its sender counts against the
// sender's limit: it carries a token of theirs, or the operator's mail
// server found it sent by its From domain (mail.Authentic). Other mail
// may have a forged From, so it counts apart (Config.UnauthenticatedOver):
// a forger cannot use up the answers a player's own mail gets.
func (m *Moderation) senderOver(ml *Mail) (Decision, bool, error) {
	in, rec, seats, gms := ml.In, ml.Rec, ml.Seats, ml.GMs
	if in.Auth.Verdict != mail.Authentic && !authentic(in, seats, gms) {
		return Decision{}, m.unauthenticatedOver(in.From, rec), nil
	}
	n, limit, until := m.countSender(in.From)
	switch {
	case n <= limit:
		return Decision{}, false, nil
	case n > limit+1:
		rec.Outcome, rec.Detail = store.Ignored, "over the sender's hourly limit"
		return Decision{}, true, nil
	}
	d, err := ml.Reject(soleCampaign(seats), &report.Rejection{Reason: report.Say(report.RateLimit{
		Count: n, Limit: limit, Until: report.FormatDeadline(until, senderLocation(seats, gms))})})
	return d, true, err
}

// limited marks a decision as taken because the sender is over their
// hourly limit.
func limited(d Decision, err error) (Decision, error) {
	d.Limited = true
	return d, err
}

// senderLocation is the time zone a mail to an address is written in:
// the zone of its first seat, else of the first campaign it is the GM
// of, else UTC.
func senderLocation(seats []SenderSeat, gms []*store.Campaign) *time.Location {
	switch {
	case len(seats) > 0:
		return SeatLocation(seats[0].Campaign, seats[0].Seat)
	case len(gms) > 0:
		return CampaignLocation(gms[0])
	}
	return time.UTC
}
