// Package control is the daemon's admin socket: a unix socket beside the
// data file through which the pbemd command reaches a running daemon,
// since bbolt lets only one process open the file (DESIGN: admin commands
// while the daemon runs).
//
// Admin carries out the commands (status, resolve, report, backup,
// create, verify, export, import) on an open store. The daemon serves it with Server; the CLI
// talks to it with Client, and uses an Admin of its own on the file when
// no daemon runs. Both meet in Backend, so a command behaves the same
// either way.
//
// The socket has mode 0600: only the daemon's user (and root) may connect.
// Listen removes a socket left by a dead daemon and never one a live daemon
// answers on.
//
// # Protocol
//
// Line-delimited JSON over the stream socket, like mox's ctl. On connect
// the server writes a greeting with the protocol version, which the client
// checks, and the daemon's pid, data file and start time:
//
//	S: {"pbemd_control":3,"pid":4242,"data":"/var/lib/pbemd/pbemd.db","started":"..."}
//
// Then, any number of times, the client writes one request and the server
// answers it with one response, a result or an error with a code:
//
//	C: {"cmd":"resolve","campaign":"frontier"}
//	S: {"result":{"campaign":"frontier","resolved":3,"turn":4,...}}
//	C: {"cmd":"resolve","campaign":"nowhere"}
//	S: {"error":"campaign nowhere: store: campaign not found","code":"campaign_not_found"}
//
// The commands are status, resolve (campaign), report (report: campaign,
// player, turn, format), backup (path, absolute: the daemon writes the
// file), create (create: the scenario's file name and content, which
// the client read), verify (verify: campaign, turn, force), export
// (export: campaign, path, remove; one campaign written to a file of its
// own, to move it to another daemon) and import (path: such a file; the
// daemon then tells its players where the campaign runs now). A
// scenario with problems is answered with them, each with its position,
// besides the error:
//
//	S: {"error":"my.yaml:7:12: ...","problems":[{"File":"my.yaml","Line":7,"Col":12,"Msg":"..."}]}
//
// A request line is at most MaxRequestBytes.
package control
