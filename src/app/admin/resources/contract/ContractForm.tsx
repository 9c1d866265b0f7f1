import {
  ArrayInput,
  AutocompleteInput,
  Create,
  DateInput,
  Edit,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Alert } from '@mui/material';
import { EditForm } from '../../components/EditForm';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAX_PAGE_SIZE } from '../../../../shared/constants';
import { stepsOn } from '../../../../shared/contract-lifecycle';
import { DEFAULT_PAYMENT_DAYS, GRADE_CODE_PATTERN } from '../../../../shared/settlement';
import { personName } from '../../components/personName';

const byName = (q: string) => ({ q });

/** end_date not before start_date (both YYYY-MM-DD, so they compare as text). */
const endAfterStart = (value: unknown, values: RaRecord) =>
  value && values.start_date && String(value) < String(values.start_date)
    ? 'tm.contract.end_before_start'
    : undefined;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Quantity above 0, as the API requires (its message, under tm.contract). */
const aboveZero = (value: unknown) =>
  given(value) && !(Number(value) > 0) ? 'tm.contract.quantity_invalid' : undefined;

/** A grade's price: whole rupiah above 0. */
const wholeRupiah = (value: unknown) =>
  given(value) && !(Number.isInteger(Number(value)) && Number(value) > 0)
    ? 'tm.contract.price_invalid'
    : undefined;

/** A grade's code: A, B, A1 … (typed in any case; the API reads it upper-cased). */
const gradeCode = (value: unknown) =>
  given(value) && !GRADE_CODE_PATTERN.test(String(value).trim().toUpperCase())
    ? 'tm.contract.grade_invalid'
    : undefined;

const paymentDays = (value: unknown) =>
  given(value) && !(Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= 365)
    ? 'tm.contract.payment_days_invalid'
    : undefined;

/** The price per grade: rows of (Mutu, Harga per satuan), one row A to start. */
function GradePricesInput({ locked }: { locked: boolean }) {
  return (
    <ArrayInput
      source="prices"
      label="tm.contract.prices"
      defaultValue={[{ grade: 'A' }]}
      validate={required()}
    >
      <SimpleFormIterator
        inline
        disableReordering
        disableClear
        disableAdd={locked}
        disableRemove={locked}
        getItemLabel={false}
      >
        <TextInput
          source="grade"
          label="tm.contract.column.grade"
          validate={[required(), gradeCode]}
          parse={(value: string) => value.toUpperCase()}
          disabled={locked}
          helperText={false}
          sx={{ width: '7rem' }}
        />
        <NumberInput
          source="price"
          label="tm.contract.grade_price"
          validate={[required(), wholeRupiah]}
          step={1}
          disabled={locked}
          helperText={false}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** Another petani clears the chosen lahan: it belonged to the previous one (the API would refuse it). */
function ClearLahanOnPetaniChange() {
  const petaniId = useWatch({ name: 'petani_id' });
  const { getValues, setValue } = useFormContext();
  const previous = useRef(petaniId);
  useEffect(() => {
    if (previous.current === petaniId) return;
    previous.current = petaniId;
    if (getValues('lahan_id') != null) setValue('lahan_id', null, { shouldDirty: true });
  }, [petaniId, getValues, setValue]);
  return null;
}

/** The lahan choices are the chosen petani's own (the API refuses another's). */
function LahanOfPetaniInput() {
  return (
    <>
      <ClearLahanOnPetaniChange />
      <FormDataConsumer<{ petani_id?: number }>>
        {({ formData: { petani_id: petaniId } }) => (
          <ReferenceInput
            source="lahan_id"
            reference="lahan"
            filter={petaniId ? { petani_id: petaniId } : {}}
          >
            <AutocompleteInput optionText="nama_lahan" filterToQuery={byName} disabled={!petaniId} />
          </ReferenceInput>
        )}
      </FormDataConsumer>
    </>
  );
}

/**
 * The terms: free on a new contract (always created pending) and while the lifecycle lets an admin edit them
 * (a change makes a new version); from approved
 * on they are what was signed, and shown without being editable. The commodity is set by the offer (PUT
 * refuses it).
 */
function TermsInputs({ create }: { create?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locked = record != null && !stepsOn(record.status, 'admin').includes('edit');
  return (
    <>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('tm.contract.terms_locked')}
        </Alert>
      )}
      <TextInput source="commodity" validate={required()} disabled={locked || !create} />
      <NumberInput source="quantity" validate={[required(), aboveZero]} disabled={locked} />
      <TextInput source="unit" validate={required()} defaultValue="kg" disabled={locked} />
      <GradePricesInput locked={locked} />
      <NumberInput
        source="payment_days"
        defaultValue={DEFAULT_PAYMENT_DAYS}
        step={1}
        validate={[required(), paymentDays]}
        disabled={locked}
      />
      <DateInput source="start_date" validate={required()} disabled={locked} />
      <DateInput source="end_date" validate={[required(), endAfterStart]} disabled={locked} />
      <TextInput source="delivery_terms" multiline fullWidth disabled={locked} />
    </>
  );
}

function ContractForm({ create }: { create?: boolean }) {
  return (
    <EditForm>
      <TextInput source="title" validate={required()} fullWidth />
      <ReferenceInput source="contract_category_id" reference="contract-category" perPage={MAX_PAGE_SIZE}>
        <SelectInput optionText="type_name" validate={required()} />
      </ReferenceInput>
      {create && (
        <>
          <ReferenceInput source="petani_id" reference="petani">
            <AutocompleteInput
              optionText={(record: RaRecord) => personName(record, 'fullname_petani')}
              filterToQuery={byName}
              validate={required()}
            />
          </ReferenceInput>
          <ReferenceInput source="mitra_id" reference="mitra">
            <AutocompleteInput
              optionText={(record: RaRecord) => personName(record, 'fullname_mitra')}
              filterToQuery={byName}
              validate={required()}
            />
          </ReferenceInput>
          <LahanOfPetaniInput />
        </>
      )}
      <TextInput source="description" multiline fullWidth />
      <TermsInputs create={create} />
    </EditForm>
  );
}

export const ContractCreate = () => (
  <Create redirect="list">
    <ContractForm create />
  </Create>
);

export const ContractEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <ContractForm />
  </Edit>
);
