import { PersonCreate, PersonEdit } from '../../components/PersonForm';

export const MitraCreate = () => <PersonCreate role="mitra" />;
export const MitraEdit = () => <PersonEdit role="mitra" />;
