import Foundation
import LarderCore
import LarderTestSupport
import Testing

@testable import LarderApplication

/// While the library is being loaded (the warm-up after a start), a plain page is answered
/// from the store, with no facets yet; a page that needs the library waits for it.
@Suite struct LibraryWhileLoadingTests {
  @Test func aPlainPageComesFromTheStoreWhileTheLibraryLoads() throws {
    let fixture = try LibraryFixture()
    let larder = fixture.larder
    let loaded = try larder.browseLibrary(LibraryRequest(), as: .defaultHousehold)
    #expect(!loaded.facetsPartial)
    #expect(!loaded.facets.courses.isEmpty)
    let (meanwhile, newest) = try larder.library.whileLoading {
      (
        try larder.browseLibrary(LibraryRequest(), as: .defaultHousehold),
        try larder.browseLibrary(LibraryRequest(sort: .newest, limit: 2), as: .defaultHousehold)
      )
    }
    #expect(meanwhile.items.map(\.name) == loaded.items.map(\.name))
    #expect(meanwhile.total == loaded.total)
    #expect(meanwhile.facetsPartial, "the facets are still to come")
    #expect(meanwhile.facets.courses.isEmpty && meanwhile.facets.diets.isEmpty)
    // The store's order: the fixture's recipes were all made at the same moment, and the
    // store breaks that tie its own way.
    #expect(newest.sort == .newest && newest.items.count == 2 && newest.total == 3)
  }

  @Test func aFilteredPageWaitsForTheLibraryBeingLoaded() throws {
    let fixture = try LibraryFixture()
    let larder = fixture.larder
    // As after a start: nothing loaded yet, and the warm-up loading it.
    larder.library.invalidate(household: .default)
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holder = Thread {
      larder.library.whileLoading {
        started.signal()
        _ = release.wait(timeout: .now() + 30)
      }
    }
    holder.start()
    started.wait()
    let answered = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var page: LibraryPage?
    let asker = Thread {
      page = try? larder.browseLibrary(
        LibraryRequest(filters: LibraryFilters(courses: ["soup"])), as: .defaultHousehold)
      answered.signal()
    }
    asker.start()
    #expect(answered.wait(timeout: .now() + 0.3) == .timedOut, "it waits for the library")
    release.signal()
    #expect(answered.wait(timeout: .now() + 30) == .success)
    #expect(page?.items.map(\.name) == ["Tomato Soup"])
    #expect(page?.facetsPartial == false)
  }
}
