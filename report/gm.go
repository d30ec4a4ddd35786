package report

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// GMWelcome is the GM's copy of a campaign's start: the GM token and how
// to run the campaign by mail.
type GMWelcome struct {
	Title    string
	Campaign campaign.ID
	Turn     int
	Deadline string
	// Address is where the GM sends commands.
	Address string
	Token   string
	// Player is one of the campaign's players, named in the examples.
	Player campaign.PlayerID
	// Queue, in a campaign played one player at a time, is the order of
	// the players' turns from the first.
	Queue []string
	// ByVote says the players decide by vote what the GM decides
	// elsewhere, by the rule VoteRule cites ("" for none).
	ByVote   bool
	VoteRule string
}

// Votes says what the GM does in a campaign whose players decide by vote
// (ByVote).
func (w *GMWelcome) Votes() string {
	rule := ""
	if w.VoteRule != "" {
		rule = " (" + w.VoteRule + ")"
	}
	return "In this campaign the players decide by vote what a GM decides elsewhere" + rule + ": extensions longer than " +
		"the rules grant at once, battles whose sides disagree or let their time run out, rule changes and substitutes. " +
		"pbemd mails each vote to the players and carries out its outcome: none waits for you. You step in when pbemd holds a turn for you, after an outage or a failure, and with the " +
		"commands above: to pause, move a deadline, roll back, replace or drop a player."
}

// RenderGMWelcome renders the GM's welcome, which carries the GM token.
func RenderGMWelcome(w *GMWelcome) (subject, text string) {
	return fmt.Sprintf("[%s] You are the GM of %s", w.Campaign, w.Title), WrapLines(render("gmwelcome.tmpl", w))
}

// GMHelp lists the GM's commands, one per line, with player, one of the
// campaign's players, in the examples.
func GMHelp(player campaign.PlayerID) string {
	return render("gmhelp.tmpl", player)
}

// OrdersExample is the hint for a mail that holds no orders, from a
// player: the header of their own orders and, if they have one, an order
// of theirs (e.g. "move: {fleet: 1st, path: [ferrum]}"). The moderator
// puts it in place of the generic orders.MinimalExample.
func OrdersExample(c campaign.ID, player campaign.PlayerID, turn int, order string) string {
	s := fmt.Sprintf("send for example: campaign: %s, player: %s, turn: %d, token: <from your welcome mail>, "+
		"each on its own line, then orders: and one line per order", c, player, turn)
	if order != "" {
		s += fmt.Sprintf(" such as \"  - %s\"", order)
	}
	return s
}

// CommandExample is OrdersExample for the GM of a campaign.
func CommandExample(c campaign.ID) string {
	return fmt.Sprintf("send for example: campaign: %s, token: <your GM token>, command: status, each on its own line", c)
}

// The GM's commands: what the GM is answered, and what players hear of
// them. Deadlines and times are written for their reader; a Note is what
// the GM wrote under the command, passed on to players.

// GMStatus answers the GM's command: status. The clock is the first that
// applies of Ended, HeldSince (the turn waits for the GM after an outage),
// PausedSince and NoDeadline (no player owes orders); else the turn is due
// at Deadline.
type GMStatus struct {
	Title    string
	Campaign campaign.ID
	Turn     int
	Date     string
	Status   string
	Ended    bool
	// HeldSince and PausedSince are times, or empty.
	HeldSince, PausedSince string
	// Failed says what failed, where that is why the turn is held.
	Failed     string
	NoDeadline bool
	Deadline   string
	// Early says the turn resolves once every player is final.
	Early bool
	Seats []SeatState
	// Granted is how many extensions the campaign has had, of
	// PerCampaign; a player may have PerPlayer.
	Granted, PerCampaign, PerPlayer int
	// Pending are the requests that wait for the GM, or, if ByVote, for
	// the players' vote.
	Pending []ExtensionState
	ByVote  bool
	// Battles are those that wait for a result.
	Battles []BattleState
	// Polls are the votes open, each with its tally.
	Polls []PollState
	// Log is the end of the audit log, latest last.
	Log []AuditLine
}

// PollState is an open poll, for the GM: its votes so far and when it
// closes at the latest.
type PollState struct {
	Poll, Subject, Closes string
	Votes, Voters, Need   int
}

// SeatState is where a seat stands in the open turn, for the GM: out (Out
// says why), owing no orders (not Due), missing orders (not Filed), or
// with Orders orders on file, received at Received, Final or not; and
// the turns in a row it forfeited.
type SeatState struct {
	Player     campaign.PlayerID
	Out        string
	Due, Filed bool
	Final      bool
	Orders     int
	Received   string
	Forfeits   int
}

// ExtensionState is an extension request that waits for the GM.
type ExtensionState struct {
	Player      campaign.PlayerID
	Hours, Turn int
	Reason      string
}

// BattleState is a battle that waits for a result: fought At a system, or
// in the lane between LaneA and LaneB.
type BattleState struct {
	ID           string
	Turn         int
	At           string
	LaneA, LaneB string
	Sides        string
}

// AuditLine is an entry of a campaign's audit log.
type AuditLine struct {
	At, Who, Action, Detail string
}

// NotAGMCommand refuses a command the GM may not give.
type NotAGMCommand struct {
	Verb string
	// Player is one of the campaign's, for the examples.
	Player campaign.PlayerID
}

// NoDeadlineToMove refuses to move the deadline of a campaign that ended.
type NoDeadlineToMove struct{ Campaign campaign.ID }

// DeadlineNeedsTime refuses a deadline command without a time.
type DeadlineNeedsTime struct{}

// DeadlineNotFromNow refuses a "+" deadline that is no duration.
type DeadlineNotFromNow struct{ Given string }

// DeadlineUnreadable refuses a deadline that is no time.
type DeadlineUnreadable struct{ Given string }

// DeadlinePast refuses a deadline that is not in the future.
type DeadlinePast struct{ Time string }

// DeadlineMoved tells a player the GM moved the deadline; Paused says the
// campaign is paused.
type DeadlineMoved struct {
	Turn     int
	Deadline string
	Paused   bool
}

// DeadlineAnswer answers the GM's command: deadline. Held says the turn
// was waiting after an outage.
type DeadlineAnswer struct {
	Turn     int
	Deadline string
	Held     bool
}

// CannotPause refuses to pause a campaign that does not run.
type CannotPause struct {
	Campaign campaign.ID
	Status   string
}

// Paused tells a player the GM paused the campaign.
type Paused struct {
	Title string
	Turn  int
	Note  string
}

// PauseAnswer answers the GM's command: pause.
type PauseAnswer struct{ Title string }

// NotPaused refuses to resume a campaign that is not paused.
type NotPaused struct {
	Campaign campaign.ID
	Status   string
}

// Resumed tells a player the GM resumed the campaign.
type Resumed struct {
	Title    string
	Turn     int
	Deadline string
	Note     string
}

// ResumeAnswer answers the GM's command: resume.
type ResumeAnswer struct {
	Title    string
	Turn     int
	Deadline string
}

// EmptyBroadcast refuses a broadcast without text.
type EmptyBroadcast struct{}

// Broadcast is the GM's message to every player.
type Broadcast struct{ Text string }

// BroadcastAnswer answers the GM's command: broadcast.
type BroadcastAnswer struct{ Players int }

// PreviewAnswer answers the GM's command: preview; Reports follow it.
type PreviewAnswer struct{ Turn, Reports int }

// PreviewCopy is the subject of a player's mail as a preview sends it to
// the GM.
type PreviewCopy struct{ Subject, To string }

// CannotProcess refuses to resolve the turn of a campaign that does not
// run.
type CannotProcess struct {
	Campaign campaign.ID
	Status   string
}

// ProcessAnswer answers the GM's command: process. Unless the campaign
// Ended, turn Next is open, due at Deadline.
type ProcessAnswer struct {
	Turn, Reports int
	Ended         bool
	Next          int
	// Deadline is when the next turn's orders are due; empty while
	// nobody owes any, the turn waiting on battles or votes.
	Deadline string
}

// RollbackNeedsTurn refuses a rollback without a turn number.
type RollbackNeedsTurn struct{ Example int }

// RollbackNotResolved refuses a rollback to turn Turn, which is not
// before the open turn Open.
type RollbackNotResolved struct{ Turn, Open int }

// RollbackNoTurn refuses a rollback to turn Turn, before turn 1.
type RollbackNoTurn struct{ Turn, Open int }

// RolledBack tells a player the GM rolled the campaign back to turn Turn.
type RolledBack struct {
	Title    string
	Turn     int
	Deadline string
	Note     string
}

// RollbackAnswer answers the GM's command: rollback.
type RollbackAnswer struct {
	Title    string
	Turn     int
	Deadline string
}

// NoSuchSeat refuses a command that names no player of the campaign;
// Drop says it was a drop.
type NoSuchSeat struct {
	Campaign campaign.ID
	Name     string
	Players  []string
	Drop     bool
}

// ReplaceUsage refuses a replace without a player and an address.
type ReplaceUsage struct{}

// BadAddress refuses an address pbemd cannot use.
type BadAddress struct{ Given string }

// SeatGone refuses to hand on the seat of a player who is out.
type SeatGone struct {
	Player campaign.PlayerID
	Out    string
}

// SameAddress refuses to give a seat the address it has.
type SameAddress struct {
	Player campaign.PlayerID
	Email  string
}

// AddressTaken refuses to give a seat an address that plays another.
type AddressTaken struct {
	Email  string
	Player campaign.PlayerID
}

// CampaignMoved tells a player, or the GM, that the campaign now runs on
// another pbemd, at Address: the mail that tells them comes from there.
// Deadline is the open turn's, for the reader (empty for one who owes no
// orders); GM is set for the GM's copy. Ended, Paused and Held say the
// campaign is not running, and so has no deadline to name. Page is the
// player's page on this pbemd, when it serves pages: its link differs
// from the old daemon's, which no longer opens it.
type CampaignMoved struct {
	Title               string
	Campaign            campaign.ID
	Address             string
	Turn                int
	Deadline            string
	GM                  bool
	Ended, Paused, Held bool
	Page                string
}

// Farewell tells the player who held a seat that the GM handed it on.
type Farewell struct {
	Title  string
	Player campaign.PlayerID
}

// ReplaceAnswer answers the GM's command: replace.
type ReplaceAnswer struct {
	Player campaign.PlayerID
	Email  string
}

// AlreadyOut refuses to drop a player who is out.
type AlreadyOut struct {
	Player campaign.PlayerID
	Out    string
}

// CampaignEnded refuses a command to a campaign that ended.
type CampaignEnded struct{ Campaign campaign.ID }

// DroppedByGM is why a player the GM dropped is out.
type DroppedByGM struct{}

// DropAnswer answers the GM's command: drop.
type DropAnswer struct {
	Player campaign.PlayerID
	Title  string
}

func (GMStatus) text()            {}
func (NotAGMCommand) text()       {}
func (NoDeadlineToMove) text()    {}
func (DeadlineNeedsTime) text()   {}
func (DeadlineNotFromNow) text()  {}
func (DeadlineUnreadable) text()  {}
func (DeadlinePast) text()        {}
func (DeadlineMoved) text()       {}
func (DeadlineAnswer) text()      {}
func (CannotPause) text()         {}
func (Paused) text()              {}
func (PauseAnswer) text()         {}
func (NotPaused) text()           {}
func (Resumed) text()             {}
func (ResumeAnswer) text()        {}
func (EmptyBroadcast) text()      {}
func (Broadcast) text()           {}
func (BroadcastAnswer) text()     {}
func (PreviewAnswer) text()       {}
func (PreviewCopy) text()         {}
func (CannotProcess) text()       {}
func (ProcessAnswer) text()       {}
func (RollbackNeedsTurn) text()   {}
func (RollbackNotResolved) text() {}
func (RollbackNoTurn) text()      {}
func (RolledBack) text()          {}
func (RollbackAnswer) text()      {}
func (NoSuchSeat) text()          {}
func (ReplaceUsage) text()        {}
func (BadAddress) text()          {}
func (SeatGone) text()            {}
func (SameAddress) text()         {}
func (AddressTaken) text()        {}
func (Farewell) text()            {}
func (CampaignMoved) text()       {}
func (ReplaceAnswer) text()       {}
func (AlreadyOut) text()          {}
func (CampaignEnded) text()       {}
func (DroppedByGM) text()         {}
func (DropAnswer) text()          {}
