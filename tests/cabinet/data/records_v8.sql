PRAGMA user_version = 8;
BEGIN TRANSACTION;
CREATE TABLE "cabinet_log" (
        id INTEGER PRIMARY KEY,
        wall TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (
            'start', 'fault', 'undervoltage', 'undervoltage_cleared', 'throttled',
            'throttled_cleared'
        )),
        detail TEXT
    );
INSERT INTO "cabinet_log" VALUES(1,'2026-12-02T15:50:12+00:00','start',NULL);
CREATE TABLE event_records (
        event_id INTEGER NOT NULL REFERENCES events(id),
        seq INTEGER NOT NULL CHECK (seq >= 0),
        cabinet TEXT NOT NULL,
        at_ms INTEGER NOT NULL CHECK (at_ms >= 0),
        kind TEXT NOT NULL,
        fields_json TEXT NOT NULL,
        game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
        written_wall TEXT NOT NULL,
        PRIMARY KEY (event_id, seq)
    );
INSERT INTO "event_records" VALUES(1,0,'cab-1',0,'opened','{"seed":3}',NULL,'2026-12-02T15:50:12+00:00');
INSERT INTO "event_records" VALUES(1,1,'cab-1',5000,'decided','{"number":1,"winner":0}',8,'2026-12-02T15:50:12+00:00');
CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        opened_wall TEXT NOT NULL,
        cabinet TEXT NOT NULL
    );
INSERT INTO "events" VALUES(1,'2026-12-02T15:50:12+00:00','cab-1');
CREATE TABLE game_seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        initials TEXT,
        bot TEXT,
        won INTEGER NOT NULL DEFAULT 0,
        plays INTEGER NOT NULL DEFAULT 0,
        reaction_count INTEGER NOT NULL DEFAULT 0,
        reaction_sum_ms REAL NOT NULL DEFAULT 0, cards_left INTEGER, longest_run INTEGER NOT NULL DEFAULT 0, stalls INTEGER NOT NULL DEFAULT 0, reaction_best_ms REAL,
        PRIMARY KEY (game_id, seat)
    );
INSERT INTO "game_seats" VALUES(1,0,'ANN',NULL,1,20,2,1200.0,0,5,0,500.0);
INSERT INTO "game_seats" VALUES(1,1,NULL,'medium',0,15,0,0.0,12,4,0,NULL);
INSERT INTO "game_seats" VALUES(2,0,'BOB',NULL,0,0,0,0.0,3,0,0,NULL);
INSERT INTO "game_seats" VALUES(2,1,'CAT',NULL,1,0,0,0.0,0,0,0,NULL);
INSERT INTO "game_seats" VALUES(3,0,'DAN',NULL,1,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(3,1,NULL,'easy',0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(3,2,NULL,'easy',0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(3,3,NULL,NULL,0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(4,0,'EVE',NULL,0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(4,1,NULL,'hard',1,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(5,0,NULL,'medium (took over)',0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(5,1,'CAT',NULL,1,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(6,0,'ANN',NULL,0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(6,1,NULL,'medium',0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(7,0,NULL,NULL,1,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(7,1,NULL,'medium',0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(8,0,'FAY',NULL,1,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(8,1,'GUS',NULL,0,0,0,0.0,NULL,0,0,NULL);
CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        started_wall TEXT NOT NULL,
        game TEXT NOT NULL,
        rules_json TEXT NOT NULL,
        seed INTEGER,
        status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')),
        winner INTEGER,
        duration_ms INTEGER,
        replay_json TEXT
    , match_id INTEGER REFERENCES matches(id), ended_wall TEXT, owner_pid INTEGER, boot_id TEXT);
INSERT INTO "games" VALUES(1,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',5,'finished',0,61000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(2,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "handicaps": [{"head_start": 3}, {}], "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',6,'finished',1,70000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(3,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": true, "lockout_ms": 400, "players": 4, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',7,'finished',0,30000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(4,'2026-12-02T15:50:12+00:00','spit','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "spit", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 3, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',8,'finished',1,90000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(5,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',9,'finished',1,50000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(6,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',10,'abandoned',NULL,4000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(7,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',11,'finished',0,40000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(8,'2026-12-02T15:50:12+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',12,'finished',0,45000,NULL,NULL,'2026-12-02T15:50:12+00:00',1710,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        format TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        started_wall TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'over', 'abandoned')),
        winner INTEGER
    );
CREATE TABLE operator_lock (
        id INTEGER PRIMARY KEY,
        wrong INTEGER NOT NULL,
        updated_wall TEXT NOT NULL
    );
CREATE TABLE player_choices (
        initials TEXT PRIMARY KEY,
        hints TEXT NOT NULL,
        handicap TEXT NOT NULL,
        four_colour INTEGER NOT NULL CHECK (four_colour IN (0, 1)),
        large_cards INTEGER NOT NULL CHECK (large_cards IN (0, 1)),
        left_handed INTEGER NOT NULL CHECK (left_handed IN (0, 1)),
        updated_wall TEXT NOT NULL
    );
CREATE INDEX games_status ON games(status);
CREATE INDEX game_seats_initials ON game_seats(initials);
CREATE INDEX games_match ON games(match_id);
CREATE INDEX cabinet_log_kind ON cabinet_log(kind);
CREATE INDEX event_records_game ON event_records(game_id);
COMMIT;
