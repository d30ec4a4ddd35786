package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Battles fought outside pbemd (battles: reported): what the sides are
// asked and answered, what the GM decides, and how they end. A text on a
// matter the campaign's rules govern cites their rule in a Rule field,
// which the moderator fills from the ruleset (game.Cite); empty, the
// text cites none.

// Ship is a ship of a battle, by the name results give it, and its class.
type Ship struct{ Ref, Class string }

// BattleDecidedBefore answers a second reply to the GM's address for a
// battle, decided When.
type BattleDecidedBefore struct{ Battle, When string }

// BattleOrders tells a side of a battle to fight it and report the
// result: the battle was fought At a system, or in the lane between
// LaneA and LaneB (their names); FightOrder, from the ruleset, says how
// a meeting of several fleets is fought apart, if it is.
type BattleOrders struct {
	Campaign             campaign.ID
	Player               campaign.PlayerID
	Battle               string
	Turn                 int
	At, LaneA, LaneB     string
	Ships                []Ship
	FightOrder           string
	ContactBy, ResolveBy string
	// ContactRule and SettleRule cite the rules on making contact and
	// settling; "" for none.
	ContactRule, SettleRule string
	// Example is the ruleset's example result, the lines under
	// "result:", and Fates its paragraph on the fates a ship may meet;
	// both empty for the default example.
	Example, Fates string
}

// FirstShip names the first ship, for the example result.
func (o BattleOrders) FirstShip() string { return o.Ships[0].Ref }

// LastShip names the last ship, for the example result.
func (o BattleOrders) LastShip() string { return o.Ships[len(o.Ships)-1].Ref }

// BattleSettled refuses a result for a battle settled How.
type BattleSettled struct{ Battle, How string }

// NoSuchBattle refuses a result for a battle that waits for none; Open
// are the sender's battles that do.
type NoSuchBattle struct {
	Battle string
	Open   []string
}

// NotYourBattle refuses a result from a player who was not a side.
type NotYourBattle struct{ Battle, Sides string }

// NothingToConfirm refuses a confirmation before the other side sent a
// result.
type NothingToConfirm struct{ Battle string }

// ResultDoesNotFit refuses a result that does not fit the battle, for the
// Problems the ruleset found.
type ResultDoesNotFit struct {
	Battle   string
	Problems []string
	Ships    []Ship
}

// BattleDisputed answers a result that differs from the Other side's.
// If Vote, no GM decides: unless the sides agree by ResolveBy, the other
// players vote on the results.
type BattleDisputed struct {
	Battle    string
	Other     campaign.PlayerID
	Vote      bool
	ResolveBy string
}

// BattleUnderAppeal refuses a side's result or confirmation for a battle
// the other players vote on (Poll).
type BattleUnderAppeal struct{ Battle, Poll string }

func (BattleUnderAppeal) text() {}

// ConfirmResult asks Player to confirm the result From the other side
// sent.
type ConfirmResult struct {
	Campaign     campaign.ID
	Player, From campaign.PlayerID
	Battle       string
	Result       *orders.BattleResult
	// Vote says a dispute goes to the other players' vote, not the GM.
	Vote bool
}

// ResultOnFile answers a side's result, which the other side is asked to
// confirm.
type ResultOnFile struct {
	Battle string
	Result *orders.BattleResult
}

// BattleSettledAnswer answers the mail that settled a battle, How.
type BattleSettledAnswer struct{ Battle, How string }

// BattleNews tells a player how a battle ended: News are the events that
// concern them, as the ruleset wrote them.
type BattleNews struct {
	Battle, News string
	// Due are those who owe orders for a turn the battle's end opened.
	Due []DueSeat
}

// ContactNoted answers a side's word that it made contact with the other:
// the battle is to be settled by ResolveBy.
type ContactNoted struct{ Battle, ResolveBy string }

// BattleQuestion asks the GM to decide a battle whose sides sent Results
// that differ or, if TimedOut, that was not settled in time.
type BattleQuestion struct {
	Battle   string
	Turn     int
	Sides    string
	TimedOut bool
	Results  []SentResult
	// Rule cites the rule on settling in time; "" for none.
	Rule string
}

// SentResult is a result a side sent.
type SentResult struct {
	By     campaign.PlayerID
	Result *orders.BattleResult
}

// BattleAlreadySettled answers the GM's reply on a battle settled since.
type BattleAlreadySettled struct{ Battle string }

// BattleFought answers the GM's reply that has pbemd fight the battle.
type BattleFought struct{ Battle string }

// NoBattleVerdict answers the GM's reply on a battle that holds no
// decision.
type NoBattleVerdict struct{ Battle string }

// The ways a battle is settled, which the battle's record keeps and its
// events cite.
type (
	// AgreedBySides: the sides sent the same result.
	AgreedBySides struct{}
	// DecidedByGM: the GM chose the result For a side sent.
	DecidedByGM struct{ For campaign.PlayerID }
	// FoughtAtGMsWord: the GM had pbemd fight it.
	FoughtAtGMsWord struct{}
	// FoughtOnTimeout: pbemd fought it when its time ran out, under
	// the Rule on settling in time, "" for none.
	FoughtOnTimeout struct{ Rule string }
	// SilentWithdrew: the Players who sent nothing in time withdrew,
	// under the Rule on silent sides, "" for none.
	SilentWithdrew struct {
		Players []string
		Rule    string
	}
)

// points lists the victory points of a result, by player: "castellan 0,
// vorn 2".
func points(vp map[campaign.PlayerID]int) string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(vp)) {
		out = append(out, fmt.Sprintf("%s %d", p, vp[p]))
	}
	return strings.Join(out, ", ")
}

func (BattleDecidedBefore) text()  {}
func (BattleOrders) text()         {}
func (BattleSettled) text()        {}
func (NoSuchBattle) text()         {}
func (NotYourBattle) text()        {}
func (NothingToConfirm) text()     {}
func (ResultDoesNotFit) text()     {}
func (BattleDisputed) text()       {}
func (ConfirmResult) text()        {}
func (ResultOnFile) text()         {}
func (BattleSettledAnswer) text()  {}
func (BattleNews) text()           {}
func (ContactNoted) text()         {}
func (BattleQuestion) text()       {}
func (BattleAlreadySettled) text() {}
func (BattleFought) text()         {}
func (NoBattleVerdict) text()      {}
func (AgreedBySides) text()        {}
func (DecidedByGM) text()          {}
func (FoughtAtGMsWord) text()      {}
func (FoughtOnTimeout) text()      {}
func (SilentWithdrew) text()       {}
