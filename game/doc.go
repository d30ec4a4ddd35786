// Package game is the seam between the pbemd daemon and the campaign
// systems it runs. The daemon (moderator, workflow, replay, web, store,
// control, mail, metrics, config, cmd/pbemd) knows no ruleset: it finds a campaign's Ruleset in a Registry by the name its
// state carries, and asks it everything that depends on the rules — who
// is due and by when, whether orders are valid and what they cost, what
// a turn does, what each player may see, and how a report reads.
//
// A Ruleset is pure, like everything below it: no I/O, no clock, no
// global randomness, and the same state, orders and seed give the same
// bytes. Its views, events and reports cross the seam as the types here.
// Package gametest holds the conformance test every ruleset passes.
//
// This package holds only what every ruleset shares: the Ruleset
// interface and its optional add-ons (below), who owes orders by when
// (Due), the part of a scenario file a ruleset loads (ScenarioPart), the
// Event a resolution reports, the clocks the daemon keeps of what a turn
// waits on (Clock), the rendered Report, and the Registry.
//
// # Capabilities
//
// Every ruleset implements Ruleset. What it does beyond that it says by
// implementing an add-on, which the daemon finds by type assertion (or
// through the helper named). Empires at War is rules/eaw (EaW), Thunderdome
// IV rules/thunderdome (TD IV).
//
//	add-on             the daemon, with it                                 who     without it
//	Preparer           prepares a turn's state once for every mail's Check EaW     Check on the state, each mail
//	Sequential         amends the orders on file with each mail and        TD IV   a mail replaces the orders on file;
//	                   resolves as soon as they are final or Spent                 early only if moderation says so
//	Spent (a Checked)  resolves a Sequential turn whose orders leave       TD IV   never spent
//	                   nothing to order (IsSpent)
//	TurnOrder          names the queue in welcomes, the GM's welcome and   TD IV   no queue is named
//	                   the refusal of a player not due
//	Calendar           names a turn's date its way in the daemon's texts   TD IV   campaign.State.Date ("Y165 spring")
//	                   (TurnDate)
//	Citer              cites its rule on each Topic in the daemon's texts  both    no rule is cited
//	                   (Cite)
//	ExtensionPolicy    grants RealLifeExtension at once on a real-life     TD IV   a week if moderation's real_life_week
//	                   claim, and as much for a battle's clocks                    says so, else nothing at once
//	Voting             decides by vote unless moderation says gm; its      TD IV   the GM decides, unless moderation
//	                   Need carries a vote, its VoteRule is cited                  says votes: a simple majority
//	Polls              hands a closed poll of the ruleset's own kinds to   TD IV   only the moderator's own polls; a
//	                   Decide in the transaction that closes it                    ruleset's poll fails when it closes
//	Resigner           takes a resigning player out (command: resign)      both    resignation is refused
//	ReportedBattles    runs battles fought by the players: their mail,     both    no battle is left pending; a result
//	                   ship names, results checked and applied, a battle           mail for the campaign is an error
//	                   whose clock ran out fought by the resolver
//	ResultExampler     shows the ruleset's own example result and fates    TD IV   the default example and fates
//	                   in a battle's mail
//	BattleClock        times reported battles by its own rules, and        TD IV   the campaign's battle clocks, and
//	                   settles one whose sides made no contact in time             the silent side withdraws
//	ScenarioGenerator  pbemd scenario generate writes the default          both    the command refuses the ruleset
//	                   ruleset's (EaW's), for load tests
//
// Two add-ons are a View's rather than the Ruleset's: the player's web page
// (package web) reads them from the views it shows.
//
//	add-on             the page, with it                                   who     without it
//	PageView           lets the order builder pick the player's fleets     both    fleets are typed into the form
//	                   by tapping the map (OwnFleets)
//	report.MapSource   draws the map the report mail paints (PageMap) as   both    the page is refused: a view
//	                   SVG that pans and zooms                                     without a map is a bug
//
// Config asks only the Ruleset itself: ScenarioSpec and LoadScenario.
package game
