package report

import "github.com/pbemd/pbemd/campaign"

// Extensions: what a player who asks for more time is answered, what the
// GM is asked and answered, and what the other players hear. Rule cites
// the campaign's rule on extensions, "" for none.

// NothingToExtend refuses an extension in a campaign that does not run.
type NothingToExtend struct {
	Campaign campaign.ID
	Status   string
}

// HeldForGM refuses an extension of a turn that waits for the GM after
// an outage.
type HeldForGM struct{ Turn int }

// NoDeadlineToExtend refuses an extension to a player who owes no orders.
// Battles, if any, are the open battles the player may ask a week for
// instead, by naming one in the request, for a week of Week hours.
type NoDeadlineToExtend struct {
	Turn    int
	Battles []string
	Week    int
}

// TooManyHours refuses a request for more hours than the campaign allows
// at once.
type TooManyHours struct{ Asked, Max int }

// PlayerExtensionLimit refuses an extension to a player who had as many
// as the campaign allows one player.
type PlayerExtensionLimit struct {
	Had  int
	Rule string
}

// CampaignExtensionLimit refuses an extension in a campaign that had as
// many as it allows.
type CampaignExtensionLimit struct{ Had int }

// AlreadyAsked refuses a second request for a turn while the first waits.
type AlreadyAsked struct{ Hours, Turn int }

// ExtensionAsked answers a request that went to the GM.
type ExtensionAsked struct {
	Hours, Turn int
	Deadline    string
}

// ExtensionRequest asks the GM to decide on a player's request: the
// player had Mine of the PerPlayer extensions a player may have, the
// campaign All of PerCampaign; approved, the Deadline becomes After.
type ExtensionRequest struct {
	Title            string
	Player           campaign.PlayerID
	Hours, Turn      int
	Reason           string
	Mine, PerPlayer  int
	All, PerCampaign int
	Deadline, After  string
}

// RealLifeExtended tells the other players a player got a week at once
// on a real-life claim.
type RealLifeExtended struct {
	Player   campaign.PlayerID
	Turn     int
	Deadline string
	Rule     string
}

// RealLifeGM tells the GM a player got a week at once on a real-life
// claim.
type RealLifeGM struct {
	Player   campaign.PlayerID
	Reason   string
	Turn     int
	Deadline string
	Rule     string
}

// RealLifeAnswer answers a real-life claim, granted at once.
type RealLifeAnswer struct {
	Turn     int
	Deadline string
	Rule     string
}

// UnknownReplyAddress answers a reply to an address pbemd never gave out.
type UnknownReplyAddress struct{}

// MisaddressedVerdict answers a GM's decision on an extension request
// written to the moderator's own Address rather than to the request's
// single-use reply address: nothing was decided, and each request that
// may have been meant has a new reply address. None means no request
// waits for the GM.
type MisaddressedVerdict struct {
	Address  string
	Requests []WaitingRequest
}

// WaitingRequest is an extension request waiting for the GM's decision,
// and the single-use Address that takes it.
type WaitingRequest struct {
	Title   string
	Player  campaign.PlayerID
	Hours   int
	Turn    int
	Address string
}

// ExtensionAnsweredBefore answers a second reply to the GM's address for
// Player's request, answered When with Status.
type ExtensionAnsweredBefore struct {
	Player       campaign.PlayerID
	When, Status string
}

// ExtensionLapsed answers the GM's reply to Player's request for turn
// Turn, resolved since; turn Open is due at Deadline.
type ExtensionLapsed struct {
	Player   campaign.PlayerID
	Turn     int
	Open     int
	Deadline string
}

// ReplyExpired answers a reply to the GM's address for Player's request
// that came too late.
type ReplyExpired struct{ Player campaign.PlayerID }

// NoVerdict answers a reply on Player's request that holds no decision.
type NoVerdict struct{ Player campaign.PlayerID }

// WrongSenderAlert tells the GM that From replied to the GM's address for
// a decision on a battle, or else on Player's extension request.
type WrongSenderAlert struct {
	From   string
	Battle string
	Player campaign.PlayerID
}

// NotYourAddress answers a player who replied to the GM's address.
type NotYourAddress struct{ Title, Address string }

// ExtensionDecided tells a player the GM's decision on their request:
// Approved, Hours more (else the Hours they asked for are denied).
type ExtensionDecided struct {
	Status   string
	Approved bool
	Hours    int
	Turn     int
	Deadline string
	Note     string
}

// ExtensionDecision answers the GM's decision on Player's request.
type ExtensionDecision struct {
	Player   campaign.PlayerID
	Status   string
	Approved bool
	Hours    int
	Turn     int
	Deadline string
}

// ExtensionGranted tells the other players the GM gave Player Hours more.
type ExtensionGranted struct {
	Player   campaign.PlayerID
	Hours    int
	Turn     int
	Deadline string
}

func (NothingToExtend) text()         {}
func (HeldForGM) text()               {}
func (NoDeadlineToExtend) text()      {}
func (TooManyHours) text()            {}
func (PlayerExtensionLimit) text()    {}
func (CampaignExtensionLimit) text()  {}
func (AlreadyAsked) text()            {}
func (ExtensionAsked) text()          {}
func (ExtensionRequest) text()        {}
func (RealLifeExtended) text()        {}
func (RealLifeGM) text()              {}
func (RealLifeAnswer) text()          {}
func (UnknownReplyAddress) text()     {}
func (MisaddressedVerdict) text()     {}
func (ExtensionAnsweredBefore) text() {}
func (ExtensionLapsed) text()         {}
func (ReplyExpired) text()            {}
func (NoVerdict) text()               {}
func (WrongSenderAlert) text()        {}
func (NotYourAddress) text()          {}
func (ExtensionDecided) text()        {}
func (ExtensionDecision) text()       {}
func (ExtensionGranted) text()        {}
