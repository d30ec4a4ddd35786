package report

import "github.com/pbemd/pbemd/campaign"

// Battle weeks: the week more for a battle's clocks that a campaign
// deciding by vote grants without one, where its ruleset grants a week on
// a real-life claim: on a side's real-life claim, or when both sides ask.
// Week is that week in hours, as the ruleset grants it. ContactBy is empty
// where the contact clock ran out before and did not move; Rule cites the
// rule, or is empty.

// BattleWeekAnswer answers the side whose request got battle Battle a
// week: on its real-life claim, or as the other side asked too. Asked is
// the hours asked for; a week, Week hours, is what is granted.
type BattleWeekAnswer struct {
	Battle               string
	RealLife             bool
	Asked                int
	Week                 int
	ContactBy, ResolveBy string
	Rule                 string
}

// BattleWeekGranted tells the battle's other sides and the GM that
// battle Battle got a week: on By's real-life claim, or as both sides
// asked.
type BattleWeekGranted struct {
	Battle               string
	By                   campaign.PlayerID
	RealLife             bool
	ContactBy, ResolveBy string
	Rule                 string
}

// BattleWeekWaits answers a side that asked for a week without a
// real-life claim: it is granted when Other, the other side, asks too.
type BattleWeekWaits struct {
	Battle               string
	Other                string
	Week                 int
	ContactBy, ResolveBy string
	Rule                 string
}

// BattleWeekAsked tells the other side of battle Battle that By asked
// for a week, and how to agree to it.
type BattleWeekAsked struct {
	Battle               string
	By                   campaign.PlayerID
	Week                 int
	ContactBy, ResolveBy string
	Rule                 string
}

// NoBattleWeek refuses a request for a week for battle Battle: NoWeeks,
// the campaign Title grants none on request (it decides by its GM, or,
// where it decides by Vote, its rules grant no week for a battle without
// one); NoBattle, no such battle may have a week (Open lists the sender's
// that may); NotSide, the sender is none of its Sides; Settled, it ended
// (How); Appeal, the others vote on its result in that poll; TimeUp, its
// time to settle ran out at ResolveBy, and pbemd fights it where Fought,
// else the others vote on its result; TooLong, the sender Asked for more
// hours than the Week; Used, the sender had the week for the clocks that
// run (the contact clock too where Contact) already; OtherUsed, Other had
// it, so that asking too grants none; Left, Other left the campaign with
// nobody standing in yet, so cannot ask too; or else the sender asked
// already and the week waits for Other.
type NoBattleWeek struct {
	Battle    string
	NoWeeks   bool
	Title     string
	Vote      bool
	NoBattle  bool
	Open      []string
	NotSide   bool
	Sides     string
	Settled   bool
	How       string
	Appeal    string
	TimeUp    bool
	Fought    bool
	TooLong   bool
	Asked     int
	Week      int
	Used      bool
	OtherUsed bool
	Left      bool
	Contact   bool
	Other     string
	// ResolveBy is when the battle must be settled by.
	ResolveBy string
	Rule      string
}

func (BattleWeekAnswer) text()  {}
func (BattleWeekGranted) text() {}
func (BattleWeekWaits) text()   {}
func (BattleWeekAsked) text()   {}
func (NoBattleWeek) text()      {}
