import Foundation
import Testing
import DynamicMapper
import DynamicMapperOperators

// ObjectMapper's MappableTypesWithTransformsTests.swift, ported. ObjectMapper lifts one
// `TransformType` (a relationship given by URI) over arrays, arrays of arrays, dictionaries,
// dictionaries of arrays and sets. Here the relationship is a `Transformer`; `.array` lifts it
// over arrays, and two small transformers below lift it over dictionary values and sets (there
// is no `.dictionary` or `.set` combinator).

private protocol URIInitiable {
    init(URI: String)
}

/// A related object named by its URI.
private struct RelationshipTransform<Object: URIInitiable>: Transformer {
    func decode(_ raw: String) throws -> Object { Object(URI: raw) }
    func encode(_ value: Object) throws -> String { "" }
}

/// `base` on each value of a dictionary.
private struct ValuesTransform<Base: Transformer>: Transformer {
    let base: Base
    func decode(_ raw: [String: Base.Raw]) throws -> [String: Base.Value] { try raw.mapValues(base.decode) }
    func encode(_ value: [String: Base.Value]) throws -> [String: Base.Raw] { try value.mapValues(base.encode) }
}

/// `base` on each element of a set.
private struct SetTransform<Base: Transformer>: Transformer where Base.Value: Hashable {
    let base: Base
    func decode(_ raw: [Base.Raw]) throws -> Set<Base.Value> { Set(try raw.map(base.decode)) }
    func encode(_ value: Set<Base.Value>) throws -> [Base.Raw] { try value.map(base.encode) }
}

private let player = RelationshipTransform<Player>()
private let team = RelationshipTransform<Team>()

private final class Game: DynamicMappable, URIInitiable {
    var dynamicSelf: DynamicClass?
    var URI: String?
    var players: [[Player]] = [[]]
    var team1Lineup: [String: Player] = [:]
    var team2Lineup: [String: Player] = [:]
    var headToHead: [String: [Player]] = [:]
    var teams: Set<Team> = []
    var winner = Team(URI: "FAKE")
    var O_players: [[Player]]?
    var O_team1Lineup: [String: Player]?
    var O_team2Lineup: [String: Player]?
    var O_headToHead: [String: [Player]]?
    var O_teams: Set<Team>?
    var O_winner: Team?
    var I_players: [[Player]]!
    var I_team1Lineup: [String: Player]!
    var I_team2Lineup: [String: Player]!
    var I_headToHead: [String: [Player]]!
    var I_teams: Set<Team>!
    var I_winner: Team!

    init() {}
    init(URI: String) { self.URI = URI }

    func mapping(_ map: DynamicMap) {
        players <-> ds.players.using(player.array.array)
        team1Lineup <-> ds.team1_lineup.using(ValuesTransform(base: player))
        team2Lineup <-> ds.team1_lineup.using(ValuesTransform(base: player))
        headToHead <-> ds.head_to_head.using(ValuesTransform(base: player.array))
        teams <-> ds.teams.using(SetTransform(base: team))
        winner <-> ds.winning_team_url.using(team)
        O_players <-> ds.players.using(player.array.array)
        O_team1Lineup <-> ds.team1_lineup.using(ValuesTransform(base: player))
        O_team2Lineup <-> ds.team1_lineup.using(ValuesTransform(base: player))
        O_headToHead <-> ds.head_to_head.using(ValuesTransform(base: player.array))
        O_teams <-> ds.teams.using(SetTransform(base: team))
        O_winner <-> ds.winning_team_url.using(team)
        I_players <-> ds.players.using(player.array.array)
        I_team1Lineup <-> ds.team1_lineup.using(ValuesTransform(base: player))
        I_team2Lineup <-> ds.team1_lineup.using(ValuesTransform(base: player))
        I_headToHead <-> ds.head_to_head.using(ValuesTransform(base: player.array))
        I_teams <-> ds.teams.using(SetTransform(base: team))
        I_winner <-> ds.winning_team_url.using(team)
    }
}

private final class Team: DynamicMappable, URIInitiable, Hashable {
    var dynamicSelf: DynamicClass?
    var URI: String?
    var players: [Player] = []
    var O_players: [Player]?
    var I_players: [Player]?

    init() {}
    init(URI: String) { self.URI = URI }

    func mapping(_ map: DynamicMap) {
        players <-> ds.players.using(player.array)
        O_players <-> ds.players.using(player.array)
        I_players <-> ds.players.using(player.array)
    }

    static func == (lhs: Team, rhs: Team) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private final class Player: DynamicMappable, URIInitiable {
    var dynamicSelf: DynamicClass?
    init() {}
    init(URI: String) {}
    func mapping(_ map: DynamicMap) {}
}

private func payload() -> [String: Any] {
    [
        "teams": [
            [
                "api_uri": "/teams/8",
                "full_name": "Team Secret",
                "short_name": "Secret",
                "players": ["/players/1", "/players/2", "/players/3", "/players/4", "/players/5"],
            ],
            [
                "api_uri": "/teams/43",
                "full_name": "Mineski",
                "short_name": "Mski",
                "players": ["/players/6", "/players/7", "/players/8", "/players/9", "/players/10"],
            ],
        ],
        "game": [
            "api_uri": "/games/2723",
            "game_time": "33:49",
            "players": [
                ["/players/1", "/players/2", "/players/3", "/players/4", "/players/5"],
                ["/players/6", "/players/7", "/players/8", "/players/9", "/players/10"],
            ],
            "team1_lineup": [
                "top": "/players/1", "mid": "/players/2", "bottom": "/players/3", "support": "/players/4", "carry": "/players/5",
            ],
            "team2_lineup": [
                "top": "/players/6", "mid": "/players/7", "bottom": "/players/8", "support": "/players/9", "carry": "/players/10",
            ],
            "head_to_head": [
                "top": ["/players/1", "/players/6"],
                "mid": ["/players/2", "/players/7"],
                "bottom": ["/players/3", "/players/8"],
                "support": ["/players/4", "/players/9"],
                "carry": ["/players/5", "/players/10"],
            ],
            "teams": ["/teams/43", "/teams/8"],
            "winning_team_url": "/teams/8",
        ] as [String: Any],
    ]
}

/// `Mapper<Game>().map(JSONObject: JSONPayload()["game"])`.
private func loadGame() -> Game? {
    (payload()["game"] as? [String: Any]).flatMap { try? Game.decode(from: $0) }
}

/// `Mapper<Team>().mapArray(JSONObject: JSONPayload()["teams"])`.
private func loadTeams() -> [Team]? {
    try? [Team].decode(from: JSON(foundationObject: payload()["teams"]!))
}

@Suite("ObjectMapper MappableTypesWithTransformsTests")
struct OMMappableTypesWithTransformsTests {
    @Test func testParsingSingleInstanceWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.winner.URI != "FAKE")
    }

    @Test func testParsingArrayOfObjectsWithTransform() throws {
        let teams = try #require(loadTeams())
        #expect(teams.count != 0)
        #expect(teams.first?.players.count != 0)
    }

    @Test func testParsing2DimensionalArrayOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.players.count != 0)
        #expect(game.players.first?.count != 0)
        #expect(game.players.last?.count != 0)
    }

    @Test func testParsingDictionaryOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.team1Lineup.count != 0)
        #expect(game.team2Lineup.count != 0)
    }

    @Test func testParsingDictionaryOfArrayOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(!game.headToHead.isEmpty)
        for (position, players) in game.headToHead {
            #expect(players.count != 0, "No players were mapped for \(position)")
        }
    }

    @Test func testParsingSetOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.teams.count != 0)
    }

    @Test func testParsingOptionalSingleInstanceWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.O_winner != nil)
    }

    @Test func testParsingOptionalArrayOfObjectsWithTransform() throws {
        let teams = try #require(loadTeams())
        #expect(teams.count != 0)
        #expect(teams.first?.O_players != nil)
        #expect(teams.first?.O_players?.count != 0)
    }

    @Test func testParsingOptional2DimensionalArrayOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.O_players != nil)
        #expect(game.O_players?.count != 0)
        #expect(game.O_players?.first?.count != 0)
        #expect(game.O_players?.last?.count != 0)
    }

    @Test func testParsingOptionalDictionaryOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.O_team1Lineup != nil)
        #expect(game.O_team1Lineup?.count != 0)
        #expect(game.O_team2Lineup != nil)
        #expect(game.O_team2Lineup?.count != 0)
    }

    @Test func testParsingOptionalDictionaryOfArrayOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        let headToHead = try #require(game.O_headToHead)
        for (position, players) in headToHead {
            #expect(players.count != 0, "No players were mapped for \(position)")
        }
    }

    @Test func testParsingOptionalSetOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.O_teams != nil)
        #expect(game.O_teams?.count != 0)
    }

    @Test func testParsingImplicitlyUnwrappedSingleInstanceWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.I_winner != nil)
    }

    @Test func testParsingImplicitlyUnwrappedArrayOfObjectsWithTransform() throws {
        let teams = try #require(loadTeams())
        #expect(teams.count != 0)
        #expect(teams.first?.I_players != nil)
        #expect(teams.first?.I_players?.count != 0)
    }

    @Test func testParsingImplicitlyUnwrapped2DimensionalArrayOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.I_players != nil)
        #expect(game.I_players?.count != 0)
        #expect(game.I_players?.first?.count != 0)
        #expect(game.I_players?.last?.count != 0)
    }

    @Test func testParsingImplicitlyUnwrappedDictionaryOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.I_team1Lineup != nil)
        #expect(game.I_team1Lineup?.count != 0)
        #expect(game.I_team2Lineup != nil)
        #expect(game.I_team2Lineup?.count != 0)
    }

    @Test func testParsingImplicitlyUnwrappedDictionaryOfArrayOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        let headToHead = try #require(game.I_headToHead)
        for (position, players) in headToHead {
            #expect(players.count != 0, "No players were mapped for \(position)")
        }
    }

    @Test func testParsingImplicitlyUnwrappedSetOfObjectsWithTransform() throws {
        let game = try #require(loadGame())
        #expect(game.I_teams != nil)
        #expect(game.I_teams?.count != 0)
    }
}
