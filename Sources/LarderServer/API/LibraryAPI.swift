import Foundation
import LarderApplication
import LarderCore
import LarderHTTP

/// Browsing and searching the library.
///
/// - `GET /api/v1/recipes?q=&sort=&favorites=&offset=&limit=`: a page of summaries
/// - `GET /api/v1/search?q=` (same fields): the same, searching (`q` required)
/// - `GET /api/v1/library?q=&course=&cuisine=&diet=&maxTime=&tag=&favorites=&sort=&offset=&limit=`:
///   a page of summaries with facet counts
/// - `GET /api/v1/recipes/random` (`q` and the filters): one recipe picked at random
///   ("surprise me")
struct LibraryAPI: Sendable {
  let larder: Larder

  func register(in router: inout AppRouter) {
    router.get("/api/v1/recipes") { request, caller in
      try encodedJSON(larder.listRecipes(try .decode(query: request.query), as: caller))
    }
    router.get("/api/v1/search") { request, caller in
      try encodedJSON(larder.searchRecipes(try .decode(query: request.query), as: caller))
    }
    router.get("/api/v1/library") { request, caller in
      try encodedJSON(larder.browseLibrary(try .decode(query: request.query), as: caller))
    }
    router.get("/api/v1/recipes/random") { request, caller in
      try encodedJSON(larder.pickRandomRecipe(try .decode(query: request.query), as: caller))
    }
  }
}
