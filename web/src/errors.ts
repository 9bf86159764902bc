// The refusals a player meets, in his language: the server answers a
// refusal's English sentence and, for the kinds a player meets most (a
// wrong password, a name taken, a limit reached), a stable code, which is
// mapped here to the catalogue's words (docs/i18n.md); a refusal without
// a code, or with one the page has no words for, keeps the server's
// sentence. The page's own failures (no answer, an unreadable one) are
// said here too.
import { sayErrors } from "./api";
import { wait } from "./format";
import { t } from "./i18n";

const keys: Record<string, string> = {
  sign_in: "error.signIn",
  not_signed_in: "error.notSignedIn",
  name_taken: "error.nameTaken",
  bad_name: "error.badName",
  bad_password: "error.badPassword",
  bad_lang: "error.badLang",
  no_player: "error.noPlayer",
  challenge_self: "error.challengeSelf",
  not_invited: "error.notInvited",
  answered: "error.answered",
  not_organiser: "error.notOrganiser",
  no_tournament: "error.noTournament",
  rounds_paired: "error.roundsPaired",
  round_unplayed: "error.roundUnplayed",
  too_few_players: "error.tooFewPlayers",
  no_finals: "error.noFinals",
  finals_after_swiss: "error.finalsAfterSwiss",
  round_unplayed_first: "error.roundUnplayedFirst",
  finals_decided: "error.finalsDecided",
  entered_already: "error.enteredAlready",
  no_pairs: "error.noPairs",
  partner_self: "error.partnerSelf",
  finals_paired: "error.finalsPaired",
  finals_round_just_paired: "error.finalsRoundJustPaired",
  finals_unpairable: "error.finalsUnpairable",
  round_unpairable: "error.roundUnpairable",
  championship_full: "error.championshipFull",
  no_tournament_named: "error.noTournamentNamed",
  not_your_tournament: "error.notYourTournament",
  championships_max: "error.championshipsMax",
  not_championship_organiser: "error.notChampionshipOrganiser",
  in_championship: "error.inChampionship",
  no_championship: "error.noChampionship",
  bad_tournament_file: "error.badTournamentFile",
  not_tournament_file: "error.notTournamentFile",
  sol_empty: "error.solEmpty",
  sol_tourney: "error.solTourney",
  import_finals_first: "error.importFinalsFirst",
  import_rounds_max: "error.importRoundsMax",
  import_players_max: "error.importPlayersMax",
  tournaments_max: "error.tournamentsMax",
  entries_closed: "error.entriesClosed",
  players_max: "error.playersMax",
  round_just_paired: "error.roundJustPaired",
  entrant_missing: "error.entrantMissing",
  partner_missing: "error.partnerMissing",
  text_too_long: "error.textTooLong",
  score_range: "error.scoreRange",
  winner_needed: "error.winnerNeeded",
  no_online: "error.noOnline",
  no_sheets: "error.noSheets",
  no_clocks: "error.noClocks",
  clock_minutes: "error.clockMinutes",
  clock_warning: "error.clockWarning",
  file_too_large: "error.fileTooLarge",
  no_table_match: "error.noTableMatch",
  no_sheet_match: "error.noSheetMatch",
  follow_self: "error.followSelf",
  follows_max: "error.followsMax",
  rated_sign_in: "error.ratedSignIn",
  pool_full: "error.poolFull",
  seeks_full: "error.seeksFull",
  seek_gone: "error.seekGone",
  seek_range: "error.seekRange",
  own_seek: "error.ownSeek",
  same_browser: "error.sameBrowser",
  no_hint: "error.noHint",
  no_coach: "error.noCoach",
  sheets_max: "error.sheetsMax",
  not_sheet_owner: "error.notSheetOwner",
  no_sheet: "error.noSheet",
  sheet_full: "error.sheetFull",
  sheet_rated: "error.sheetRated",
  entry_taken: "error.entryTaken",
  entries_missing: "error.entriesMissing",
  rules_unrated: "error.rulesUnrated",
  no_accounts: "error.noAccounts",
  no_account: "error.noAccount",
  busy: "error.busy",
  not_your_turn: "error.notYourTurn",
  seat_taken: "error.seatTaken",
  not_started: "error.notStarted",
  table_gone: "error.tableGone",
  no_seat: "error.noSeat",
  match_over: "error.matchOver",
  words_seated: "error.wordsSeated",
  words_wait: "error.wordsWait",
  sit_reload: "error.sitReload",
  playban: "error.playban",
  unreachable: "error.unreachable",
  unreadable: "error.unreadable",
};

// sayCode is a refusal's code in the page's language, with the values
// its sentence names (params); undefined for a code it has no words for.
export function sayCode(code: string, params: Record<string, string | number> = {}): string | undefined {
  const k = keys[code];
  // A wait in seconds is said in minutes and hours (the playban's).
  if (typeof params.Seconds === "number") params = { ...params, Wait: wait(params.Seconds) };
  return k ? t(k, params) : undefined;
}

// speakErrors makes api()'s refusals read in the page's language.
export function speakErrors(): void {
  sayErrors((code, { status, seconds, params }) => {
    if (code === "too_many") return seconds ? t("error.tooManyWait", { Count: seconds }) : t("error.tooMany");
    if (code === "status") return t("error.status", { Status: status });
    return sayCode(code, params);
  });
}
