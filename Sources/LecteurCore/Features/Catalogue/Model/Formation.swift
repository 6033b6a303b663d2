// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A category as story 2.7 gives it (`{id, name, slug, color, icon}`) or as story 2.1 gives it
/// (a plain name, then it has no id).
public struct FormationCategory: Hashable, Sendable {
    public let id: Int?
    public let name: String
    public let slug: String?
    public let color: String?
    public let icon: String?

    public init(id: Int? = nil, name: String, slug: String? = nil, color: String? = nil, icon: String? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.color = color
        self.icon = icon
    }

    /// What makes two categories the same chip: the server's id when it gave one, else the name
    /// folded for case and accents (two spellings of "Éthique" are one category).
    public var key: CategoryKey {
        if let id { return CategoryKey("#\(id)") }
        return CategoryKey(FrenchCollation.fold(name))
    }
}

public struct CategoryKey: Hashable, Sendable, CustomStringConvertible {
    public let raw: String
    public init(_ raw: String) { self.raw = raw }
    public var description: String { raw }
}

/// A training course, as the formations API sends it (story 2.1), already cleaned of control
/// characters and markup.
public struct Formation: Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let description: String
    public let duration: String
    public let level: String
    public let price: Decimal
    public let nextSession: Date?
    public let category: FormationCategory?

    public init(id: Int, title: String, description: String, duration: String, level: String,
                price: Decimal, nextSession: Date?, category: FormationCategory?) {
        self.id = id
        self.title = title
        self.description = description
        self.duration = duration
        self.level = level
        self.price = price
        self.nextSession = nextSession
        self.category = category
    }
}

/// The formations and the categories that can filter them, in display order.
/// Indexed once when built, so a key press never scans the whole list.
public struct Catalogue: Hashable, Sendable {
    public let formations: [Formation]
    /// Each category once, sorted with French collation ("Éthique" before "Informatique").
    public let categories: [FormationCategory]
    private let byCategory: [CategoryKey: [Formation]]
    private let positionById: [Int: Int]

    public init(formations: [Formation]) {
        self.formations = formations
        // Each formation's group, found by its category's key. A category with an id has the key
        // "#id" whatever else it holds, so the group is remembered by id without building the key
        // again; the groups are filled once their sizes are known (no regrowth of 100 000 copies).
        var groupOfKey: [CategoryKey: Int] = [:]
        var groupOfId: [Int: Int] = [:]
        var keys: [CategoryKey] = []
        var unique: [FormationCategory] = []
        var sizes: [Int] = []
        var groupOf = [Int](repeating: -1, count: formations.count)
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(formations.count)
        for (position, formation) in formations.enumerated() {
            if positions[formation.id] == nil { positions[formation.id] = position }
            guard let category = formation.category else { continue }
            let group: Int
            if let id = category.id, let known = groupOfId[id] {
                group = known
            } else {
                let key = category.key
                if let known = groupOfKey[key] {
                    group = known
                } else {
                    group = keys.count
                    groupOfKey[key] = group
                    keys.append(key)
                    unique.append(category)
                    sizes.append(0)
                }
                if let id = category.id { groupOfId[id] = group }
            }
            sizes[group] += 1
            groupOf[position] = group
        }
        var groups = sizes.map { size -> [Formation] in
            var list: [Formation] = []
            list.reserveCapacity(size)
            return list
        }
        for (position, group) in groupOf.enumerated() where group >= 0 { groups[group].append(formations[position]) }
        self.byCategory = Dictionary(uniqueKeysWithValues: zip(keys, groups))
        self.positionById = positions
        self.categories = unique.sorted { FrenchCollation.precedes($0.name, $1.name) }
    }

    public func formations(in key: CategoryKey?) -> [Formation] {
        guard let key else { return formations }
        return byCategory[key] ?? []
    }

    public func category(_ key: CategoryKey) -> FormationCategory? {
        byCategory[key]?.first?.category
    }

    public func formation(id: Int) -> Formation? {
        positionById[id].map { formations[$0] }
    }

    public static func == (a: Catalogue, b: Catalogue) -> Bool { a.formations == b.formations }
    public func hash(into hasher: inout Hasher) { hasher.combine(formations.count); hasher.combine(formations.first) }
}
