import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "@/components/ui/field";
import { RadioGroup } from "@/components/ui/radio-group";

describe("Field, the one label, hint and error of every field", () => {
  it("describes one control by its hint and error, and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="Email" hint="We write to it" error="Enter an email" optionalText="(optional)">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).toContain(
      '<label for="email" class="font-semibold">Email<span class="font-normal text-fg-muted"> (optional)</span></label>',
    );
    expect(html).toContain('<p id="email-hint"');
    expect(html).toContain('<p id="email-error" class="text-sm font-semibold text-danger">Enter an email</p>');
    expect(html).toContain('<input id="email" aria-describedby="email-hint email-error" aria-invalid="true"/>');
  });

  it("without hint or error describes nothing", () => {
    const html = renderToStaticMarkup(
      <Field id="x" label="X">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).toContain('<input id="x"/>');
  });

  it("as a group: a fieldset with a legend, described itself; an alerting error where asked", () => {
    const html = renderToStaticMarkup(
      <RadioGroup
        id="kind"
        name="kind"
        legend="Kind"
        hint="Pick one"
        error="Choose"
        value={null}
        onChange={() => {}}
        options={[{ value: "a", label: "A" }]}
      />,
    );
    expect(html).toMatch(/^<fieldset aria-describedby="kind-hint kind-error"/);
    expect(html).toContain('<legend class="mb-1.5 p-0 font-semibold">Kind</legend>');
    expect(html).toMatch(/<input id="kind" type="radio" [^>]*name="kind" value="a"\/>/);
    const alerting = renderToStaticMarkup(
      <Field id="f" label="File" error="Too large" errorRole="alert" labelId="f-label">
        {() => null}
      </Field>,
    );
    expect(alerting).toContain('<label id="f-label" for="f"');
    expect(alerting).toContain('<p id="f-error" role="alert"');
  });
});
