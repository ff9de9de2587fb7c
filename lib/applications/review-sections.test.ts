import { describe, expect, it } from "vitest";
import { fullName, phoneNumber, postalLines } from "@/lib/applications/review-format";
import { reviewSections, type ReviewRow } from "@/lib/applications/review-sections";
import { buildFormPlan, visibleSteps } from "@/lib/requirements/plan";
import { premium, travel } from "@/lib/requirements/testing/sample-products";
import type { FormPlan, PlanField, StepId } from "@/lib/requirements/types";

const home = { country: "GB", line1: "12 Ada Road", line2: "Flat 3", city: "London", postcode: "SW1A 2AA" };
const billing = { country: "US", state: "MA", city: "Boston", line1: "1 Main St", postcode: "02134" };
const answers = {
  first_name: "Ada",
  last_name: "Lovelace",
  area_code: "+44",
  mobile_number: "7700900123",
  billing_address: billing,
  residential_address: home,
};

const stepOf = (plan: FormPlan, id: StepId) => visibleSteps(plan).find((s) => s.id === id)?.fields ?? [];
const shape = (rows: ReviewRow[]) => rows.map((r) => (r.kind === "field" ? r.field.path : r.kind));
const field = (plan: FormPlan, path: string) => plan.steps.flatMap((s) => s.fields).find((f) => f.path === path) as PlanField;

describe("the check-answers page's sections", () => {
  it("shows each address under its own heading as one row, not seven rows each", () => {
    const plan = buildFormPlan(premium());
    const sections = reviewSections(stepOf(plan, "address"), plan.groups, answers);
    expect(sections.map((s) => [s.key, s.titled, shape(s.rows)])).toEqual([
      ["billing_address", true, ["address"]],
      ["residential_address", true, ["address"]],
    ]);
  });

  it("leaves out the questions that do not apply: no SSN row for a UK national, no back side for a passport", () => {
    const plan = buildFormPlan(premium());
    const about = (nationality: string) =>
      reviewSections(stepOf(plan, "about-you"), plan.groups, { ...answers, nationality }).flatMap((s) => shape(s.rows));
    expect(about("GB")).not.toContain("ssn");
    expect(about("US")).toContain("ssn");
    const documentRows = (type: string) =>
      reviewSections(stepOf(plan, "identity-document"), plan.groups, { identity: { type } }).flatMap((s) => shape(s.rows));
    expect(documentRows("PASSPORT")).not.toContain("identity.back_file_id");
    expect(documentRows("ID_CARD")).toContain("identity.back_file_id");
  });

  it("shows an optional address left empty as one row", () => {
    const plan = buildFormPlan(premium());
    const sections = reviewSections(stepOf(plan, "address"), plan.groups, { billing_address: billing });
    expect(sections.map((s) => shape(s.rows))).toEqual([["address"], ["notGiven"]]);
  });

  it("says a home address copied from billing is the same, in one row", () => {
    const plan = buildFormPlan(premium());
    const sections = reviewSections(stepOf(plan, "address"), plan.groups, { billing_address: billing, residential_address: billing });
    expect(sections.map((s) => shape(s.rows))).toEqual([["address"], ["sameAsBilling"]]);
  });

  it("joins name and phone into a row each; the document needs no heading of its own", () => {
    const plan = buildFormPlan(travel());
    expect(shape(reviewSections(stepOf(plan, "contact"), plan.groups, answers)[0]?.rows ?? [])).toEqual(["email", "phone"]);
    const about = reviewSections(stepOf(plan, "about-you"), plan.groups, answers)[0]?.rows ?? [];
    expect(shape(about)[0]).toBe("name");
    const documents = reviewSections(stepOf(plan, "identity-document"), plan.groups, answers);
    expect(documents.map((s) => [s.key, s.titled])).toEqual([["identity", false]]);
    expect(shape(documents[0]?.rows ?? [])).not.toContain("kyc_verification.method");
  });
});

describe("combined answers", () => {
  const plan = buildFormPlan(premium());
  const parts = plan.steps.flatMap((s) => s.fields).filter((f) => f.group === "residential_address");

  it("write an address in postal order: street first in English, country first in Chinese", () => {
    expect(postalLines(answers, parts, "en")).toEqual(["12 Ada Road", "Flat 3", "London", "SW1A 2AA", "United Kingdom"]);
    expect(postalLines(answers, parts, "zh-CN")).toEqual(["英国", "London", "12 Ada Road", "Flat 3", "SW1A 2AA"]);
    const billingParts = plan.steps.flatMap((s) => s.fields).filter((f) => f.group === "billing_address");
    expect(postalLines(answers, billingParts, "en")).toContain("Boston, MA");
  });

  it("put the family name first in Chinese, without a space between Han names", () => {
    const [given, family] = [field(plan, "first_name"), field(plan, "last_name")];
    expect(fullName(answers, given, family, "en")).toBe("Ada Lovelace");
    expect(fullName(answers, given, family, "zh-CN")).toBe("Lovelace Ada");
    expect(fullName({ first_name: "明", last_name: "李" }, given, family, "zh-CN")).toBe("李明");
    // One name, given as both for the issuer: shown once, in either language.
    expect(fullName({ first_name: "Sukarno", last_name: "Sukarno" }, given, family, "en")).toBe("Sukarno");
    expect(fullName({ first_name: "Sukarno", last_name: "Sukarno" }, given, family, "zh-CN")).toBe("Sukarno");
    expect(phoneNumber(answers, field(plan, "area_code"), field(plan, "mobile_number"))).toBe("+44 7700 900123");
  });
});
