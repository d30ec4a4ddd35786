// Package web serves each player's page, when the operator turns it on:
// the link in every report mail opens it. The page shows what that
// player's report shows, from the same view: the map as SVG that pans and
// zooms, every past turn's report, the orders on file and the deadline.
// Its order builder writes the mail of orders for the player, checked as
// the player builds it by a dry run of the check a mail gets
// (workflow.DryRunOrders), with the
// same words as the reply to that mail. Mail stays the only way orders
// come in: the page never holds the player's token, which the player
// types into the page once and the browser alone keeps.
//
// A link is a capability (workflow.Pages): a secret per seat, derived
// under a key the daemon keeps outside its data file, checked in constant
// time, and replaced with the seat's token. An unknown or revoked link
// gets the same 404 as a page that never existed.
//
// The server is hardened for the open internet behind a TLS reverse
// proxy: a strict Content-Security-Policy (scripts and styles from the
// daemon only, every asset embedded in the binary), rate limits per link
// and per address, bounded request bodies, and timeouts.
package web
